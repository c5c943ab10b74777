/**
 * The chart and alert fields of outcomes through real EA hosts: validated by the protocol, the
 * whole chart on the init completion, and a `batch` (answered with its last completion only)
 * folding the chart changes and alerts of every event into that completion (mergeChartDelta).
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type ChartDelta, mergeChartDelta } from "../../src/ea/chart-wire.ts";
import type { EaHostPool } from "../../src/ea/host-pool.ts";
import type { Completion } from "../../src/ea/protocol.ts";
import { barsFromCloses } from "../ea-runtime/harness.ts";
import { EngineGateway, META, testPool } from "./support.ts";

let gateway: EngineGateway;
let pool: EaHostPool;

beforeAll(async () => {
  gateway = new EngineGateway();
  gateway.account(5002);
  pool = await testPool(gateway);
});

afterAll(async () => {
  await pool.close();
});

function outcomeOf(c: Completion) {
  if (c.result !== "ok") {
    throw new Error(`expected ok, got ${JSON.stringify(c)}`);
  }
  return c.outcome;
}

const PROGRAM = `
let n = 0;
function OnInit() {
  ObjectCreate(0, "keep", OBJ_HLINE, 0, 0, 1.1);
  ObjectCreate(0, "gone", OBJ_VLINE, 0, 1700000000, 0);
  return 0;
}
function OnTick() {
  n += 1;
  if (n === 1) { ObjectDelete(0, "gone"); Alert("first"); }
  if (n === 2) { ObjectCreate(0, "new", OBJ_TEXT, 0, 1700000000, 1.2); ObjectSetString(0, "new", OBJPROP_TEXT, "a"); }
  if (n === 3) { ObjectSetString(0, "new", OBJPROP_TEXT, "b"); ChartSetInteger(0, CHART_SHOW_GRID, 0); SendNotification("third"); }
}`;

describe("chart changes through the host", () => {
  test("init carries the whole chart; a batch folds the chart changes and alerts of all its events", async () => {
    const init = outcomeOf(
      await pool.start({
        instanceId: "chart-batch",
        programJs: PROGRAM,
        meta: META,
        init: gateway.initFields(barsFromCloses([1.1, 1.1, 1.1]), 5002),
      }),
    );
    expect(init.chart?.reset).toBe(true);
    expect(init.chart?.objects?.map((o) => o.name)).toEqual(["gone", "keep"]);
    const { completion, runs } = await pool.dispatchBatch("chart-batch", [
      { type: "tick" },
      { type: "tick" },
      { type: "tick" },
    ]);
    expect(runs).toBe(3);
    const last = outcomeOf(completion);
    expect(last.chart?.deleted).toEqual(["gone"]);
    expect(last.chart?.objects?.map((o) => [o.name, o.props.text])).toEqual([["new", "b"]]);
    expect(last.chart?.properties).toEqual({ show_grid: 0 });
    expect(last.alerts?.map((a) => [a.kind, a.text])).toEqual([
      ["alert", "first"],
      ["notification", "third"],
    ]);
    await pool.stop("chart-batch");
  });
});

describe("mergeChartDelta", () => {
  const obj = (name: string, text = "") => ({
    name,
    type: "OBJ_TEXT",
    window: 0,
    created: 0,
    points: [{ time: 0, price: 0 }],
    props: { text },
  });

  test("later changes win; a re-created object is no longer deleted; a deleted one leaves the list", () => {
    let d: ChartDelta | undefined;
    d = mergeChartDelta(d, { objects: [obj("a", "1")], deleted: ["b"], comment: "x" });
    d = mergeChartDelta(d, { objects: [obj("b"), obj("a", "2")], properties: { mode: 1 } });
    d = mergeChartDelta(d, { deleted: ["a"], properties: { scale: 3 } });
    expect(d).toEqual({
      comment: "x",
      objects: [obj("b")],
      deleted: ["a"],
      properties: { mode: 1, scale: 3 },
    });
  });

  test("after a reset the result stays a whole chart (deleted objects simply absent)", () => {
    let d: ChartDelta | undefined = {
      reset: true,
      comment: "",
      objects: [obj("a"), obj("b")],
      properties: { mode: 0 },
    };
    d = mergeChartDelta(d, { deleted: ["a"], objects: [obj("c")], comment: "hi" });
    expect(d).toEqual({
      reset: true,
      comment: "hi",
      objects: [obj("b"), obj("c")],
      properties: { mode: 0 },
    });
    expect(mergeChartDelta(d, { reset: true, objects: [] })).toEqual({ reset: true, objects: [] });
  });
});

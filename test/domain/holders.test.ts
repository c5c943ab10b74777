import { describe, expect, test } from "bun:test";
import {
  HOLDER_TIMEOUT_MS,
  holderName,
  holderNode,
  isDeadHolder,
} from "../../src/domain/holders.ts";

describe("holders of unfinished requests", () => {
  const self = holderName("node-a:8080", "b0075");

  test("a holder is its node and boot; the node is what precedes the last slash", () => {
    expect(self).toBe("node-a:8080/b0075");
    expect(holderNode(self)).toBe("node-a:8080");
    expect(holderNode("no-slash")).toBe("");
  });

  test("released rows and earlier boots of this node are dead at once", () => {
    expect(isDeadHolder(null, self, 0)).toBe(true);
    expect(isDeadHolder(holderName("node-a:8080", "old"), self, 0)).toBe(true);
  });

  test("this process, and other nodes within the timeout, are alive", () => {
    expect(isDeadHolder(self, self, 10 * HOLDER_TIMEOUT_MS)).toBe(false);
    expect(isDeadHolder(holderName("node-b:8080", "x"), self, HOLDER_TIMEOUT_MS)).toBe(false);
    expect(isDeadHolder(holderName("node-a:8081", "x"), self, 1000)).toBe(false);
  });

  test("another node's row older than the timeout is dead", () => {
    expect(isDeadHolder(holderName("node-b:8080", "x"), self, HOLDER_TIMEOUT_MS + 1)).toBe(true);
    expect(isDeadHolder(holderName("node-b:8080", "x"), self, 5000, 1000)).toBe(true);
  });
});

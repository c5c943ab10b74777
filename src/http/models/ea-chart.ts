// Wire shapes of an EA instance's chart: `GET /api/accounts/{id}/ea/chart` (EaChart) and the
// graphical object both it and the WebSocket `ea` channel's `chart` messages carry
// (eaChartObjectSchema, also used by src/http/ws/asyncapi.ts). Checked at compile time against
// the types of the code that produces them (services/ea-instances/chart.ts, streaming/messages.ts).
import { type Static, Type } from "@sinclair/typebox";
import type { EaChartView } from "../../services/ea-instances.ts";
import type { EaChartObjectView } from "../../streaming/messages.ts";
import { named } from "../openapi/schema.ts";
import { assertType, type Same } from "./common.ts";

const closed = { additionalProperties: false } as const;
const Scalar = Type.Union([Type.Number(), Type.String()]);

/** A chart property / object property table: lower-case MQL5 names without the prefix. */
export const propertyTable = (description: string) =>
  Type.Record(Type.String(), Scalar, { description });

/** A graphical object (a fresh schema per call: the two documents register their own). */
export function eaChartObjectSchema() {
  return Type.Object(
    {
      name: Type.String({ description: "Object name (unique on the chart)" }),
      type: Type.String({ description: "ENUM_OBJECT member: OBJ_TREND, OBJ_HLINE, OBJ_LABEL, …" }),
      window: Type.Integer({ description: "Subwindow; 0 = the main window (the only one)" }),
      created: Type.String({
        description: "OBJPROP_CREATETIME, broker server time `YYYY-MM-DDTHH:mm:ss`",
      }),
      points: Type.Array(
        Type.Object(
          {
            time: Type.String({
              description:
                'OBJPROP_TIME of the point, broker server time `YYYY-MM-DDTHH:mm:ss` (as `ohlc` bars); "" when 0',
            }),
            timestampUTC: Type.Number({ description: "The same instant, UTC ms (0 when unset)" }),
            price: Type.Number({ description: "OBJPROP_PRICE of the point" }),
          },
          closed,
        ),
        {
          description:
            "Anchor points (time/price) in index order, as many as the type has (screen-positioned objects keep one unused point)",
        },
      ),
      levels: Type.Optional(
        Type.Array(
          Type.Object(
            {
              value: Type.Number(),
              color: Type.Integer(),
              style: Type.Integer(),
              width: Type.Integer(),
              text: Type.String(),
            },
            closed,
          ),
          {
            description:
              "Levels of a level object (OBJPROP_LEVELVALUE/COLOR/STYLE/WIDTH/TEXT by index); absent on other objects",
          },
        ),
      ),
      properties: propertyTable(
        "Every other property as ObjectGetInteger/Double/String answer it, by OBJPROP_ name in lower case without the prefix (color, width, text, fontsize, corner, xdistance…); colours are MQL5 colours (0x00BBGGRR, -1 = none), booleans 0/1; a value with a modifier above 0 is keyed `name[modifier]`",
      ),
    },
    closed,
  );
}

export const EaChartObjectSchema = named("EaChartObject", eaChartObjectSchema());
assertType<Same<Static<typeof EaChartObjectSchema>, EaChartObjectView>>();

/** `GET …/ea/chart`. */
export const EaChartSchema = named(
  "EaChart",
  Type.Object(
    {
      instance_id: Type.String({ format: "uuid" }),
      comment: Type.String({ description: "The chart comment (Comment(), CHART_COMMENT)" }),
      objects: Type.Array(EaChartObjectSchema, {
        description: "Graphical objects in ObjectName order (by name)",
      }),
      properties: propertyTable(
        "Chart properties as ChartGetInteger/Double/String answer them, by CHART_ name in lower case without the prefix (mode, scale, show_grid, color_background…)",
      ),
    },
    closed,
  ),
);
assertType<Same<Static<typeof EaChartSchema>, EaChartView>>();

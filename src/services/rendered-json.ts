// Answers rendered ahead of the request: the JSON text of a success envelope, `{"ok":true,"data":…}`,
// that the HTTP layer forwards as the string body it is (src/http/envelope.ts `okRendered`), so a
// hot read builds no objects to serialize and no body of its own. The session workers render the
// trading views this way (src/sessions/views.ts); the account list is assembled from each row's
// JSON rendered once (accounts.ts).

/** The JSON text of a success envelope, rendered elsewhere and forwarded without parsing. */
export type RenderedJson = string & { readonly __rendered: unique symbol };

/** `{"ok":true,"data":[…]}` around items that are already JSON text. */
export function renderedList(items: readonly string[]): RenderedJson {
  return `{"ok":true,"data":[${items.join(",")}]}` as RenderedJson;
}

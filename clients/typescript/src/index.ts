// The typed client of the Trading Account Service: openapi-fetch over the types openapi-typescript
// generated from the service's OpenAPI document (schema.d.ts, written by `npm run sdk:generate`;
// never edited by hand). Paths, parameters, bodies and answers are checked by the compiler.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema.d.ts";

export type { components, paths };

/** How the client authenticates: an API key (client routes) or an admin JWT (admin routes). */
export type Credentials = { readonly apiKey: string } | { readonly token: string } | null;

export interface TasClientOptions {
  /** The service's base URL, e.g. `http://localhost:8080`. */
  readonly baseUrl: string;
  readonly credentials?: Credentials;
  /** A fetch of your own (tests, proxies); the global fetch otherwise. */
  readonly fetch?: (request: Request) => Promise<Response>;
}

export type TasClient = Client<paths>;

/** A client of the service, authenticated with `credentials` on every request. */
export function createTasClient(options: TasClientOptions): TasClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const credentials = options.credentials ?? null;
  if (credentials !== null) {
    const auth: Middleware = {
      onRequest({ request }) {
        if ("apiKey" in credentials) {
          request.headers.set("x-api-key", credentials.apiKey);
        } else {
          request.headers.set("authorization", `Bearer ${credentials.token}`);
        }
        return request;
      },
    };
    client.use(auth);
  }
  return client;
}

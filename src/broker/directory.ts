// The broker directory: which companies run which trade servers, and their access points
// (`host:port`). It always holds the embedded demo broker ("TAS Markets"); operators add other
// brokers with a JSON file (BROKER_DIRECTORY_FILE). `GET /api/brokers/search?company=` searches
// it and account registration resolves `server_name` through it.

export interface DirectoryServer {
  /** Trade server name, e.g. `TAS-Demo`. */
  readonly name: string;
  /** Access points, `host:port`, in order of preference. */
  readonly access: string[];
}

export interface DirectoryCompany {
  readonly companyName: string;
  readonly results: DirectoryServer[];
}

export const DEMO_COMPANY = "TAS Markets";
export const DEMO_SERVERS = { hedging: "TAS-Demo", netting: "TAS-Demo-Netting" } as const;

function parseAccess(entry: string): { host: string; port: number } | null {
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(entry.trim());
  if (!m || m[1] === undefined || m[2] === undefined) {
    return null;
  }
  const port = Number(m[2]);
  if (port < 1 || port > 65535) {
    return null;
  }
  return { host: m[1].replace(/^\[|\]$/g, ""), port };
}

/** Validates the operator's directory file contents; throws Error with the offending path. */
export function parseDirectoryFile(json: unknown): DirectoryCompany[] {
  if (!Array.isArray(json)) {
    throw new Error("broker directory: expected an array of {companyName, results}");
  }
  return json.map((company: unknown, i) => {
    const c = company as { companyName?: unknown; results?: unknown };
    if (typeof c.companyName !== "string" || !Array.isArray(c.results)) {
      throw new Error(`broker directory [${i}]: companyName (string) and results (array) required`);
    }
    const results = c.results.map((server: unknown, j) => {
      const s = server as { name?: unknown; access?: unknown };
      if (
        typeof s.name !== "string" ||
        !Array.isArray(s.access) ||
        !s.access.every((a) => typeof a === "string" && parseAccess(a) !== null)
      ) {
        throw new Error(
          `broker directory [${i}].results[${j}]: name and access ["host:port"] required`,
        );
      }
      return { name: s.name, access: s.access as string[] };
    });
    return { companyName: c.companyName, results };
  });
}

export class BrokerDirectory {
  private readonly companies: DirectoryCompany[];

  constructor(demo: { host: string; port: number }, extra: readonly DirectoryCompany[] = []) {
    const access = [`${demo.host}:${demo.port}`];
    this.companies = [
      {
        companyName: DEMO_COMPANY,
        results: [
          { name: DEMO_SERVERS.hedging, access },
          { name: DEMO_SERVERS.netting, access },
        ],
      },
      ...extra,
    ];
  }

  /** Companies whose name contains `company` (case-insensitive). */
  search(company: string): DirectoryCompany[] {
    const needle = company.trim().toLowerCase();
    return this.companies.filter((c) => c.companyName.toLowerCase().includes(needle));
  }

  /** The first access point of a server name (exact, case-insensitive), or null. */
  resolveServer(serverName: string): { host: string; port: number } | null {
    const wanted = serverName.trim().toLowerCase();
    for (const company of this.companies) {
      for (const server of company.results) {
        if (server.name.toLowerCase() === wanted && server.access[0]) {
          return parseAccess(server.access[0]);
        }
      }
    }
    return null;
  }
}

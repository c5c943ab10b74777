// Demo accounts on a demo broker (`POST /api/brokers/demo`): checks the company and server
// against the broker directory, and registers the account through a session worker (the main
// thread does no broker I/O). A broker's refusal (bad currency, leverage…) arrives as a 400.
import { type BrokerDirectory, DEMO_COMPANY, DEMO_SERVERS } from "../broker/directory.ts";
import { findGroup, listGroups } from "../broker/groups.ts";
import { validationError } from "../domain/errors.ts";
import type { Sessions } from "../sessions/sessions.ts";

export interface DemoRequest {
  company: string;
  server?: string;
  group?: string;
  leverage?: number;
  currency?: string;
  deposit?: number;
}

/** The answer of ARCHITECTURE §5 (`POST /api/brokers/demo`). */
export interface DemoAccountView {
  login: number;
  password: string;
  investor_password: string;
  server_name: string;
  broker_host: string;
  broker_port: number;
  company: string;
  group: string;
  leverage: number;
  currency: string;
  balance: number;
}

interface BrokerDemoAnswer {
  login: number;
  password: string;
  investor_password: string;
  server: string;
  company: string;
  group: string;
  leverage: number;
  currency: string;
  balance: number;
}

export class DemoAccountService {
  constructor(
    private readonly directory: BrokerDirectory,
    private readonly sessions: Sessions,
  ) {}

  async create(req: DemoRequest): Promise<DemoAccountView> {
    const company = req.company.trim();
    if (company.toLowerCase() !== DEMO_COMPANY.toLowerCase()) {
      throw validationError("company", `no demo server for '${company}' (try '${DEMO_COMPANY}')`);
    }
    if (req.group !== undefined && !findGroup(req.group)) {
      const known = listGroups()
        .map((g) => `'${g.name}' (${g.accountType})`)
        .join(", ");
      throw validationError("group", `unknown demo group '${req.group}': one of ${known}`);
    }
    const server = req.server ?? DEMO_SERVERS.hedging;
    const endpoint = demoEndpoint(this.directory, server);
    const created = await this.sessions.createDemo<BrokerDemoAnswer>(endpoint.host, endpoint.port, {
      server,
      ...(req.group !== undefined ? { group: req.group } : {}),
      ...(req.leverage !== undefined ? { leverage: req.leverage } : {}),
      ...(req.currency !== undefined ? { currency: req.currency } : {}),
      ...(req.deposit !== undefined ? { deposit: req.deposit } : {}),
    });
    return {
      login: created.login,
      password: created.password,
      investor_password: created.investor_password,
      server_name: created.server,
      broker_host: endpoint.host,
      broker_port: endpoint.port,
      company: created.company,
      group: created.group,
      leverage: created.leverage,
      currency: created.currency,
      balance: created.balance,
    };
  }
}

/** The access point of a demo server, or VALIDATION_ERROR naming `server`. */
function demoEndpoint(directory: BrokerDirectory, server: string): { host: string; port: number } {
  const endpoint = directory.resolveServer(server);
  if (!endpoint || !Object.values<string>(DEMO_SERVERS).includes(server)) {
    throw validationError("server", `unknown demo server '${server}'`);
  }
  return endpoint;
}

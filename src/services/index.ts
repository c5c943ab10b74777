// Builds the application services from their collaborators (the composition of src/services).
import type { BrokerDirectory } from "../broker/directory.ts";
import { AccountService, type SessionStatusSource } from "./accounts.ts";
import { AdminService } from "./admins.ts";
import type { ServiceDeps } from "./deps.ts";
import { KeyService } from "./keys.ts";

export interface Services {
  readonly admins: AdminService;
  readonly keys: KeyService;
  readonly accounts: AccountService;
}

/** Until broker sessions run (issue 4), no account has a live session. */
export const noSessions: SessionStatusSource = { statusOf: () => "disconnected" };

export function createServices(
  deps: ServiceDeps,
  opts: { directory: BrokerDirectory; sessions?: SessionStatusSource },
): Services {
  const keys = new KeyService(deps);
  const accounts = new AccountService(deps, opts.sessions ?? noSessions, opts.directory);
  keys.onRevoke((keyId) => accounts.invalidateKey(keyId));
  return { admins: new AdminService(deps), keys, accounts };
}

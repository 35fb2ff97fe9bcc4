/**
 * Sign-in throttling, shared by every API process through the `sign_in_throttles` table.
 *
 * An attempt is admitted — counted — *before* its password is checked, in one transaction that
 * increments every key it falls under (INSERT … ON CONFLICT DO UPDATE … WHERE next_allowed_at has
 * passed, which locks the row): N parallel guesses are counted one by one, and once a key's free
 * attempts are used up the next attempt must wait, however many arrive at once. A refused attempt
 * changes nothing (the transaction rolls back). A successful sign-in gives its attempt back.
 *
 * Keys: the account from this address (`pair`), the address over all accounts (`address`), and the
 * account over the addresses it has never signed in from (`account`). A stranger's guesses
 * therefore slow down the stranger's address; the owner, from an address they signed in from
 * before, is only ever subject to their own pair; from a new address to the account-wide limit,
 * whose delay is short. Accounts are never locked by wrong passwords. Keys use the e-mail as
 * typed (normalised), so an unknown e-mail is throttled exactly like a known one.
 */
import { sql, type RawBuilder } from "kysely";
import type { DB } from "../../db/connect.js";
import { inTransaction } from "../../db/unit-of-work.js";

interface Rule {
  /** attempts per window before the delay starts */
  free: number;
  /** the delay after the free attempts: first step, doubled per further attempt, capped */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

export const throttleRules = {
  pair: { free: 5, firstDelaySeconds: 15, maxDelaySeconds: 15 * 60 },
  address: { free: 100, firstDelaySeconds: 15, maxDelaySeconds: 15 * 60 },
  account: { free: 20, firstDelaySeconds: 15, maxDelaySeconds: 60 },
} as const satisfies Record<string, Rule>;

/** counters start again when their window is this old */
const windowSql = sql`interval '1 hour'`;

type Kind = keyof typeof throttleRules;

const keyOf = (kind: Kind, account: string, address: string) =>
  kind === "pair" ? `pair:${address} ${account}` : kind === "address" ? `address:${address}` : `account:${account}`;

/** When the attempt numbered `n` (SQL) lets the next one in: null while attempts are free. */
function nextAllowed(n: RawBuilder<unknown>, rule: Rule): RawBuilder<unknown> {
  const { free, firstDelaySeconds, maxDelaySeconds } = rule;
  return sql`case when ${n} >= ${sql.lit(free)} then now() + least(${sql.lit(maxDelaySeconds)},
    ${sql.lit(firstDelaySeconds)} * power(2, ${n} - ${sql.lit(free)})) * interval '1 second' end`;
}

/** Count an attempt on one key: its row when admitted, undefined when it must wait. */
async function reserve(trx: DB, kind: Kind, account: string, address: string) {
  const rule = throttleRules[kind];
  const expired = sql`t.window_started_at < now() - ${windowSql}`;
  const n = sql`(case when ${expired} then 1 else t.attempts + 1 end)`;
  const result = await sql<{ succeeded_at: Date | null }>`
    insert into sign_in_throttles as t (key, account, attempts, window_started_at, next_allowed_at)
    values (${keyOf(kind, account, address)}, ${kind === "address" ? null : account}, 1, now(), ${nextAllowed(sql`1`, rule)})
    on conflict (key) do update set
      attempts = ${n},
      window_started_at = case when ${expired} then now() else t.window_started_at end,
      next_allowed_at = ${nextAllowed(n, rule)},
      updated_at = now()
    where t.next_allowed_at is null or t.next_allowed_at <= now()
    returning succeeded_at`.execute(trx);
  return result.rows[0];
}

/** From the clock, not the transaction's start (now()): a transaction that queued behind the one setting the wait started earlier. */
async function secondsToWait(trx: DB, kind: Kind, account: string, address: string): Promise<number> {
  const result = await sql<{ seconds: number }>`
    select greatest(1, ceil(extract(epoch from next_allowed_at - clock_timestamp())))::integer as seconds
    from sign_in_throttles where key = ${keyOf(kind, account, address)}`.execute(trx);
  return result.rows[0]?.seconds ?? 1;
}

class MustWait extends Error {
  constructor(readonly seconds: number) {
    super("sign-in throttled");
  }
}

/**
 * Admit a password attempt for `account` (the normalised e-mail) from `address`: null when it may be
 * evaluated (it is then counted), else the seconds to wait before the next attempt is admitted.
 */
export async function admitAttempt(db: DB, account: string, address: string): Promise<number | null> {
  try {
    await inTransaction({ db }, async (trx) => {
      const waits: number[] = [];
      // always pair, address, account: one lock order for every transaction
      const pair = await reserve(trx, "pair", account, address);
      if (!pair) waits.push(await secondsToWait(trx, "pair", account, address));
      if (!(await reserve(trx, "address", account, address))) waits.push(await secondsToWait(trx, "address", account, address));
      const knownAddress = !!pair?.succeeded_at;
      if (!knownAddress && !(await reserve(trx, "account", account, address))) waits.push(await secondsToWait(trx, "account", account, address));
      if (waits.length) throw new MustWait(Math.max(...waits));
    });
    return null;
  } catch (error) {
    if (error instanceof MustWait) return error.seconds;
    throw error;
  }
}

/**
 * The right password: the pair starts afresh and remembers the address as the account's own; the
 * address and account keys get this attempt back (their delay lifts only below the free attempts,
 * so interleaving one's own sign-ins does not buy guesses at other accounts).
 */
export async function attemptSucceeded(db: DB, account: string, address: string): Promise<void> {
  const pairKey = keyOf("pair", account, address);
  await inTransaction({ db }, async (trx) => {
    // rows in admitAttempt's order (pair, address, account), so that the two cannot deadlock
    const pair = await sql<{ succeeded_at: Date | null }>`select succeeded_at from sign_in_throttles
      where key = ${pairKey} for update`.execute(trx);
    // the account key counted this attempt only if the address was not yet the account's own
    const counted: Kind[] = pair.rows[0]?.succeeded_at ? ["address"] : ["address", "account"];
    for (const kind of counted) {
      await sql`update sign_in_throttles set attempts = greatest(attempts - 1, 0),
        next_allowed_at = case when attempts - 1 < ${sql.lit(throttleRules[kind].free)} then null else next_allowed_at end,
        updated_at = now() where key = ${keyOf(kind, account, address)}`.execute(trx);
    }
    await sql`update sign_in_throttles set attempts = 0, window_started_at = now(), next_allowed_at = null,
      succeeded_at = now(), updated_at = now() where key = ${pairKey}`.execute(trx);
  });
}

/** An administrator's unlock: the account's counters (from every address) are cleared. */
export async function forgetAttempts(db: DB, account: string): Promise<void> {
  await db.deleteFrom("sign_in_throttles").where("account", "=", account).execute();
}

/** Whether the account-wide key of `account` makes attempts from new addresses wait now. */
export async function accountWaits(db: DB, account: string): Promise<boolean> {
  const row = await db.selectFrom("sign_in_throttles").select("key").where("key", "=", keyOf("account", account, ""))
    .where("next_allowed_at", ">", new Date()).executeTakeFirst();
  return row !== undefined;
}

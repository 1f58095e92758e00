/**
 * A Drizzle database or transaction, as far as this module needs it (client.ts's types import
 * this module): what its `transaction` method does with a callback.
 */
type Transactional = {
  transaction(run: (tx: Transactional) => Promise<unknown>, config?: unknown): Promise<unknown>;
};
type Begin = Transactional['transaction'];

/** The jobs waiting for a transaction's commit, by each of its transaction objects. */
const waiting = new WeakMap<object, (() => void)[]>();

/**
 * Runs `job` once what `executor` wrote is committed: at the commit of the transaction it is
 * part of (never, if that transaction or the savepoint it was given in rolls back), or at once when it is the database itself
 * (its statements committed as they ran). For work that must see the rows, from this process:
 * the e-mail outbox wakes its worker so (docs/decisions/017), where a trigger's NOTIFY took the
 * queue's global lock in every commit that wrote an e-mail.
 */
export function afterCommit(executor: object, job: () => void): void {
  const jobs = waiting.get(executor);
  if (jobs) jobs.push(job);
  else job();
}

/**
 * Each transaction of `owner`'s `transaction` method (`db` or a transaction, for a savepoint)
 * keeps the jobs afterCommit gives it. A savepoint's jobs join its parent's once the savepoint
 * is released, and are dropped when it rolls back (Drizzle's `transaction` then rejects, so the
 * line that hands them on is never reached); the outermost transaction runs them all, in order,
 * after the COMMIT's answer. `parent`: the jobs of the transaction a savepoint is made in.
 */
function tracking(owner: Transactional, parent?: (() => void)[]): Begin {
  // Drizzle's own method, on the prototype: this owner's override calls it.
  const begin = owner.transaction.bind(owner);
  return async (run, config) => {
    const jobs: (() => void)[] = [];
    const result = await begin(async (tx) => {
      waiting.set(tx, jobs);
      Object.assign(tx, { transaction: tracking(tx, jobs) });
      try {
        return await run(tx);
      } finally {
        waiting.delete(tx);
      }
    }, config);
    if (parent) parent.push(...jobs);
    else for (const job of jobs) job();
    return result;
  };
}

/** `db`, its transactions keeping the jobs afterCommit gives them (openDatabase's databases). */
export function withCommitJobs<D extends Transactional>(db: D): D {
  return Object.assign(db, { transaction: tracking(db) });
}

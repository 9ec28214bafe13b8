/**
 * On Node before 24, the first `AsyncLocalStorage.run()` turns on async hooks for every promise the
 * process creates from then on, and nothing turns them off: MikroORM runs one in every flush and
 * transaction, so after the first write every request paid for them (15 % of a `{ me { id } }`
 * request's throughput, docs/decisions.md "Async hooks only while a context is open"). Node 24's
 * AsyncContextFrame has no such cost. Here a storage is disabled again (which turns the hooks off once
 * no storage is enabled) when the last of its runs has settled; the next run enables it again.
 *
 * Only storages whose every run returned a promise are disabled: a run whose callback returns
 * something else (Express-style `run(ctx, next)`) or an `enterWith` may hand its context to
 * continuations that outlive the call, so such a storage stays enabled as Node leaves it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const nodeMajor = Number(process.versions.node.split('.')[0]);
/** Runs in flight per storage; a storage that must stay enabled maps to Infinity. */
const runsInFlight = new WeakMap<AsyncLocalStorage<unknown>, number>();
let installed = false;

export function releaseIdleAsyncStorage(): void {
  if (installed || nodeMajor >= 24) return;
  installed = true;
  const run = AsyncLocalStorage.prototype.run;
  const enterWith = AsyncLocalStorage.prototype.enterWith;

  AsyncLocalStorage.prototype.enterWith = function (this: AsyncLocalStorage<unknown>, store: unknown): void {
    runsInFlight.set(this, Infinity);
    enterWith.call(this, store);
  };

  AsyncLocalStorage.prototype.run = function <R>(this: AsyncLocalStorage<unknown>, store: unknown, callback: (...args: unknown[]) => R, ...args: unknown[]): R {
    runsInFlight.set(this, (runsInFlight.get(this) ?? 0) + 1);
    const settled = () => {
      const left = runsInFlight.get(this)! - 1;
      runsInFlight.set(this, left);
      if (left === 0) this.disable();
    };
    let result: R;
    try {
      result = run.call(this, store, callback, ...args) as R;
    } catch (error) {
      settled();
      throw error;
    }
    if (!isPromiseLike(result)) {
      runsInFlight.set(this, Infinity);
      return result;
    }
    return result.then(
      (value) => {
        settled();
        return value;
      },
      (error: unknown) => {
        settled();
        throw error;
      },
    ) as R;
  };
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

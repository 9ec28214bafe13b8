import { Property, type Opt } from '@mikro-orm/core';

/** createdAt/updatedAt kept by the ORM and defaulted by the database for raw inserts. */
export abstract class Timestamped {
  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

/** Tables whose rows are written once (SPEC 3 lists only createdAt for them). */
export abstract class CreatedAt {
  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();
}

import { Entity, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/** The admin's cost model (one row, id 1); a null price falls back to the environment's. */
@Entity({ tableName: 'cost_settings' })
export class CostSettings {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  id: Opt<number> = 1;

  @Property({ type: 'double', nullable: true })
  cpuSecondPrice: number | null = null;

  @Property({ type: 'double', nullable: true })
  gbMonthPrice: number | null = null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  updatedBy: User | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

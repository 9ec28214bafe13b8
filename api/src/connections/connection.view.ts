import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { CONNECTION_FIRST_DEFAULT, CONNECTION_FIRST_MAX } from './cursor.js';
import type { Connection, Edge, PageInfo } from './cursor.js';

/** The paging arguments of every connection field (docs/api.md, "Pagination"). */
@ArgsType()
export class ConnectionArgs {
  @Field(() => Int, { nullable: true, description: `Items from the start, or after \`after\` (1-${CONNECTION_FIRST_MAX}; ${CONNECTION_FIRST_DEFAULT} when neither first nor last is given).` })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'A cursor of this list: the page starts after it.' })
  after?: string | null;

  @Field(() => Int, { nullable: true, description: `Items from the end, or before \`before\` (1-${CONNECTION_FIRST_MAX}): pages backward. Not with first or after.` })
  last?: number | null;

  @Field(() => String, { nullable: true, description: 'A cursor of this list: the page ends before it.' })
  before?: string | null;
}

@ObjectType('PageInfo', { description: 'Where a connection page sits (Relay cursor connections: forward with first/after, backward with last/before).' })
export class PageInfoView implements PageInfo {
  @Field(() => Boolean, { description: 'Forward pages: whether more items follow. Backward pages: true when the page was asked for before a cursor.' }) hasNextPage!: boolean;
  @Field(() => Boolean, { description: 'Backward pages: whether more items precede it. Forward pages: true when the page was asked for after a cursor.' }) hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'Pass as `before` for the previous page.' }) startCursor!: string | null;
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page.' }) endCursor!: string | null;
}

export interface ConnectionView<T> {
  edges: Array<Edge<T>>;
  pageInfo: PageInfoView;
  totalCount(): Promise<number>;
}

/**
 * The `<Name>Connection` and `<Name>Edge` object types of a node type. `totalCount` is a method,
 * so its query runs only when a client selects it.
 */
export function connectionType<T extends object>(name: string, node: ClassType<T>, totalDescription: string) {
  @ObjectType(`${name}Edge`)
  class EdgeView implements Edge<T> {
    @Field(() => String, { description: 'Pass as `after` (or `before`) to get the items after (or before) this one.' }) cursor!: string;
    @Field(() => node) node!: T;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionViewType implements ConnectionView<T> {
    @Field(() => [EdgeView]) edges!: EdgeView[];
    @Field(() => PageInfoView) pageInfo!: PageInfoView;
    count!: () => Promise<number>;

    @Field(() => Int, { description: totalDescription })
    totalCount(): Promise<number> {
      return this.count();
    }
  }

  return {
    type: ConnectionViewType,
    /** The service's page as this GraphQL type. */
    from(connection: Connection<T>): ConnectionViewType {
      return Object.assign(new ConnectionViewType(), {
        edges: connection.edges,
        pageInfo: Object.assign(new PageInfoView(), connection.pageInfo),
        count: connection.totalCount,
      });
    },
  };
}

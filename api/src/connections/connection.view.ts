import { Field, Int, ObjectType, type ClassType } from 'type-graphql';
import type { Connection, Edge, PageInfo } from './cursor.js';

@ObjectType('PageInfo', { description: 'Where a connection page sits (Relay cursor connections; forward pagination with first/after).' })
export class PageInfoView implements PageInfo {
  @Field(() => Boolean) hasNextPage!: boolean;
  @Field(() => Boolean, { description: 'True when the page was asked for after a cursor.' }) hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true }) startCursor!: string | null;
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
    @Field(() => String, { description: 'Pass as `after` to get the items after this one.' }) cursor!: string;
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

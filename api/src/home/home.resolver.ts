import { Ctx, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { HomeView } from './home.view.js';

@Resolver()
export class HomeResolver {
  @Query(() => HomeView, { description: "The signed-in user's home rows: recently played, latest creations, recently liked, made for you." })
  home(@Ctx() ctx: GraphQLContext): Promise<HomeView> {
    return ctx.services.home.home(ctx.em, requireUser(ctx));
  }
}

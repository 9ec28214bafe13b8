import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { allUsersTopic, Topics, userTopic } from '../pubsub/pubsub.js';
import type { GenerationRequest, GenerationStatus } from './generation-request.entity.js';

@ObjectType('GenerationProgress')
export class GenerationProgressView {
  @Field(() => String, { description: "Human-readable stage, e.g. 'Rendering audio' ('Starting...' before the first)." }) stage!: string;
  @Field(() => Int, { description: '0..100' }) percentage!: number;
}

/** SPEC 3 "Generation status item": what the sidebar widget and the generationUpdated subscription carry. */
@ObjectType('GenerationStatusItem')
export class GenerationStatusItemView {
  @Field(() => ID) requestId!: string;
  @Field(() => String, { description: 'pending, processing, generating, completed or failed' }) status!: string;
  @Field(() => DateTimeISOResolver, { description: 'When the request was made; for completed and failed items, when it finished.' }) createdAt!: Date;
  @Field(() => String, { nullable: true }) title!: string | null;
  @Field(() => [String]) genres!: string[];
  @Field(() => [String]) moods!: string[];
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => GenerationProgressView) progress!: GenerationProgressView;
}

/** The state events are built from: a request row or a job's running copy of it. */
export interface GenerationState {
  id: number;
  userId: number;
  status: GenerationStatus;
  createdAt: Date;
  completedAt: Date | null;
  title: string | null;
  genres: string[];
  moods: string[];
  error: string | null;
  stage: string;
  percentage: number;
}

/** Plain JSON (it crosses Redis between worker and API processes). */
export interface GenerationUpdatedEvent {
  userId: number;
  item: Omit<GenerationStatusItemView, 'createdAt'> & { createdAt: string };
}

export function stateOf(request: GenerationRequest): GenerationState {
  return {
    id: request.id,
    userId: request.user.id,
    status: request.status,
    createdAt: request.createdAt,
    completedAt: request.completedAt,
    title: request.title,
    genres: request.genres,
    moods: request.moods,
    error: request.error,
    stage: request.stage,
    percentage: request.percentage,
  };
}

export function toStatusItem(state: GenerationState): GenerationStatusItemView {
  const finished = state.status === 'completed' || state.status === 'failed';
  return Object.assign(new GenerationStatusItemView(), {
    requestId: String(state.id),
    status: state.status,
    // The widget shows finished items for 60 s / 120 s after createdAt: count from when they finished.
    createdAt: finished && state.completedAt ? state.completedAt : state.createdAt,
    title: state.title,
    genres: state.genres,
    moods: state.moods,
    error: state.error,
    progress: Object.assign(new GenerationProgressView(), { stage: state.stage, percentage: state.percentage }),
  });
}

export function fromEventItem(item: GenerationUpdatedEvent['item']): GenerationStatusItemView {
  return Object.assign(new GenerationStatusItemView(), {
    ...item,
    createdAt: new Date(item.createdAt),
    progress: Object.assign(new GenerationProgressView(), item.progress),
  });
}

/**
 * Publishes every status and progress change (generationUpdated) to the request's user and to the
 * admins' topic, without making the caller wait for the fan-out.
 */
export class GenerationEvents {
  constructor(private readonly pubsub: AppPubSub) {}

  publish(state: GenerationState): void {
    const item = toStatusItem(state);
    const event: GenerationUpdatedEvent = {
      userId: state.userId,
      item: { ...item, progress: { ...item.progress }, createdAt: item.createdAt.toISOString() },
    };
    this.pubsub.announce(userTopic(Topics.generationUpdated, state.userId), event);
    this.pubsub.announce(allUsersTopic(Topics.generationUpdated), event);
  }
}

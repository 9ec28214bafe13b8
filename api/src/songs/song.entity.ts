import { Entity } from '@mikro-orm/core';
import { SongFields } from './song-fields.js';

@Entity({ tableName: 'songs' })
export class Song extends SongFields {}

import { Inject, Injectable } from '@nestjs/common';
import { write, type Collection, type DocumentStore, type DocumentWrite } from '@cairn/platform';
import { UPLOADS_STORE } from '../uploads.tokens.js';
import type { TrailPerson } from './trail-entry.js';

/** Who each actor of the trail is (name and email), by actor key; a row goes with its account. */
@Injectable()
export class TrailPeopleRepository {
  private readonly people: Collection<TrailPerson>;

  constructor(@Inject(UPLOADS_STORE) store: DocumentStore) {
    this.people = store.collection<TrailPerson>('approval_trail_people');
  }

  get(key: string): Promise<TrailPerson | null> {
    return this.people.get(key);
  }

  /** The people behind `keys`, by key; an erased actor is absent. */
  async byKey(keys: Iterable<string>): Promise<Map<string, TrailPerson>> {
    const people = await Promise.all([...new Set(keys)].map((key) => this.people.get(key)));
    return new Map(people.filter((person) => person !== null).map((person) => [person.id, person]));
  }

  recording(person: TrailPerson): DocumentWrite {
    return write.put(this.people, person);
  }

  erasing(key: string): DocumentWrite {
    return write.delete(this.people, key);
  }
}

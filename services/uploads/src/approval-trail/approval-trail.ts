import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Outbox, readPage, type AuthenticatedUser, type DocumentWrite } from '@cairn/platform';
import { ApprovalTrailRepository } from './approval-trail.repository.js';
import { toTrailView, type TrailActor, type TrailEntry, type TrailFact, type TrailView } from './trail-entry.js';
import { TrailPeopleRepository } from './trail-people.repository.js';
import { TrailPseudonyms } from './trail-pseudonyms.js';

const EXPORT_PAGE = 500;

/**
 * The approval trail: every approve, publish, unpublish, rename, regeneration, deletion and account
 * erasure, appended in the same commit as the change it records. Actors are stored by an opaque key;
 * their name and email live in a directory entry that erasure deletes.
 */
@Injectable()
export class ApprovalTrail {
  constructor(
    private readonly entries: ApprovalTrailRepository,
    private readonly people: TrailPeopleRepository,
    private readonly outbox: Outbox,
    private readonly pseudonyms: TrailPseudonyms,
  ) {}

  /** The user's opaque key in the trail. */
  keyOf(userId: string): string {
    return this.pseudonyms.keyOf(userId);
  }

  actorOf(user: AuthenticatedUser): TrailActor {
    return { key: this.keyOf(user.uid), organisationId: user.organisation?.id ?? '' };
  }

  /** The writes that append `facts` by `actor`, at one time; none for a user of no organisation, whose trail no editor could read. */
  appending(actor: TrailActor, facts: TrailFact[], at = new Date().toISOString()): DocumentWrite[] {
    if (!actor.organisationId) return [];
    return facts.map((fact) =>
      this.entries.appending({ libraryProtocolId: '', detail: '', ...fact, id: randomUUID(), at, organisationId: actor.organisationId, actorKey: actor.key }),
    );
  }

  /** The writes that append `facts` by the signed-in `user` and bring their directory entry up to date. */
  recording(user: AuthenticatedUser, facts: TrailFact[]): DocumentWrite[] {
    return [...this.person(user), ...this.appending(this.actorOf(user), facts)];
  }

  /** The write that keeps the user's name and email in the trail's directory (a member of an organisation only). */
  person(user: AuthenticatedUser): DocumentWrite[] {
    const actor = this.actorOf(user);
    if (!actor.organisationId) return [];
    return [this.people.recording({ id: actor.key, name: user.name ?? '', email: user.email ?? '', organisationId: actor.organisationId, updatedAt: new Date().toISOString() })];
  }

  /** Appends what `recording` or `appending` wrote, on its own (the change it records is already made). */
  commit(writes: DocumentWrite[]): Promise<void> {
    return this.outbox.commit(...writes);
  }

  /** Forgets who the user was and records the erasure; their entries stay, under their pseudonym. A user never in the trail leaves nothing. */
  async erase(userId: string): Promise<void> {
    const key = this.keyOf(userId);
    const person = await this.people.get(key);
    if (!person) return;
    const erasure: TrailFact = { action: 'erasure', protocolId: '', protocolTitle: '', sourceFile: '', sourceChecksum: '' };
    await this.outbox.commit(this.people.erasing(key), ...this.appending({ key, organisationId: person.organisationId }, [erasure]));
  }

  /** One page of the organisation's trail, newest first. */
  async page(organisationId: string, limit: number, offset = 0) {
    const page = await readPage(offset, limit, (from, size) => this.entries.list(organisationId, size, from));
    return { entries: await this.resolved(page.items), next_offset: page.next_offset };
  }

  /**
   * Every entry of the organisation's trail as it stood when asked, newest first, a page at a time.
   * Entries appended meanwhile push older ones down a page: they are left out, and an entry pushed
   * into the next page is not given twice.
   */
  async *all(organisationId: string): AsyncGenerator<TrailView[]> {
    const asked = new Date().toISOString();
    let given = new Set<string>();
    for (let offset: number | null = 0; offset !== null; ) {
      const page = await this.page(organisationId, EXPORT_PAGE, offset);
      yield page.entries.filter((entry) => entry.at <= asked && !given.has(entry.id));
      given = new Set(page.entries.map((entry) => entry.id));
      offset = page.next_offset;
    }
  }

  /** The actor keys' display names (name and email, or the pseudonym of an erased account). */
  async actors(keys: Iterable<string>) {
    return this.people.byKey(keys);
  }

  private async resolved(entries: TrailEntry[]): Promise<TrailView[]> {
    const people = await this.people.byKey(entries.map((entry) => entry.actorKey));
    return entries.map((entry) => toTrailView(entry, people.get(entry.actorKey)));
  }
}

import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EnvelopeSchema, type Topic } from '@cairn/contracts';
import { randomUUID } from 'node:crypto';
import type { EventEnvelope, PublishOptions } from './event-bus.port.js';

export function createEnvelope<Desc extends DescMessage>(
  topic: Topic<Desc>,
  payload: MessageInitShape<Desc>,
  producer: string,
  options: PublishOptions = {},
): EventEnvelope<Desc> {
  const id = options.id ?? randomUUID();
  return {
    id,
    type: topic.name,
    occurredAt: options.occurredAt ?? new Date(),
    correlationId: options.correlationId ?? id,
    causationId: options.causationId ?? '',
    producer,
    payload: create(topic.schema, payload),
  };
}

export function encodeEnvelope<Desc extends DescMessage>(topic: Topic<Desc>, event: EventEnvelope<Desc>): Uint8Array {
  return toBinary(
    EnvelopeSchema,
    create(EnvelopeSchema, {
      id: event.id,
      type: event.type,
      occurredAt: timestampFromDate(event.occurredAt),
      correlationId: event.correlationId,
      causationId: event.causationId,
      producer: event.producer,
      payload: toBinary(topic.schema, event.payload),
    }),
  );
}

export function decodeEnvelope<Desc extends DescMessage>(topic: Topic<Desc>, bytes: Uint8Array): EventEnvelope<Desc> {
  const raw = fromBinary(EnvelopeSchema, bytes);
  if (raw.type !== topic.name) {
    throw new Error(`event ${raw.id} has type ${raw.type}, expected ${topic.name}`);
  }
  return {
    id: raw.id,
    type: raw.type,
    occurredAt: raw.occurredAt ? timestampDate(raw.occurredAt) : new Date(0),
    correlationId: raw.correlationId,
    causationId: raw.causationId,
    producer: raw.producer,
    payload: fromBinary(topic.schema, raw.payload),
  };
}

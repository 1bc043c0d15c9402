/**
 * Personal data in the log (ARCHITECTURE.md rule 14, docs/decisions/erasure.md). The fields named
 * here never stay in a stored event: the store keeps them in the write side's vault, under the
 * event's id and the person's user id, and puts them back when it reads the event. Erasure deletes
 * the person's vault rows, so every later read fills in the placeholders instead: the log itself is
 * never rewritten and every replay stays exact.
 */
import type { EventType } from './index';

/** How an erased person is named everywhere: views, lists, exports, audits and replays. */
export const ERASED_NAME = 'Gelöschtes Konto';

export interface PersonalFields {
  /** The data field that holds the person's user id. */
  readonly subject: string;
  /** The fields that name the person, with what an erased person shows instead. */
  readonly fields: Readonly<Record<string, string | null>>;
}

/** Every event type that carries personal data, with its fields. The event catalogue lists them. */
export const PERSONAL_DATA: { readonly [T in EventType]?: PersonalFields } = {
  UserRegistered: { subject: 'userId', fields: { login: ERASED_NAME, name: ERASED_NAME, email: null } },
  UserProfileUpdated: { subject: 'userId', fields: { name: ERASED_NAME } },
  /** mun: the display name a moderator gave. */
  UserRenamed: { subject: 'userId', fields: { name: ERASED_NAME } },
  /** What a player typed for a pause upload may name them. */
  UploadRecorded: { subject: 'userId', fields: { label: null } },
};

/** Fields that older versions of an event carried and the current store no longer keeps (stripped by a migration). */
export const LEGACY_PERSONAL_DATA: { readonly [T in EventType]?: readonly string[] } = {
  LobbyChatMessagePosted: ['name'],
};

export interface SplitEvent {
  /** The data as the store keeps it: without the personal fields. */
  readonly stored: Record<string, unknown>;
  /** What goes to the vault, or null when the event names nobody. */
  readonly personal: { readonly subjectId: string; readonly values: Record<string, unknown> } | null;
}

export function holdsPersonalData(type: string): boolean {
  return Object.prototype.hasOwnProperty.call(PERSONAL_DATA, type);
}

/** Takes the personal fields out of an event's data (for the store). */
export function splitPersonalData(type: string, data: unknown): SplitEvent {
  const declared = holdsPersonalData(type) ? PERSONAL_DATA[type as EventType] : undefined;
  const record = data as Record<string, unknown>;
  if (!declared) return { stored: record, personal: null };
  const stored: Record<string, unknown> = { ...record };
  const values: Record<string, unknown> = {};
  let named = false;
  for (const field of Object.keys(declared.fields)) {
    if (!(field in stored)) continue;
    values[field] = stored[field];
    delete stored[field];
    named = true;
  }
  return { stored, personal: named ? { subjectId: String(record[declared.subject]), values } : null };
}

/**
 * Puts the personal fields back into a stored event's data: the vault's values, or the placeholders
 * when the person was erased (values null). Data that still holds its fields (an event from before the
 * vault) is returned as it is.
 */
export function restorePersonalData(type: string, stored: unknown, values: Record<string, unknown> | null): unknown {
  const declared = holdsPersonalData(type) ? PERSONAL_DATA[type as EventType] : undefined;
  if (!declared) return stored;
  const record = stored as Record<string, unknown>;
  const missing = Object.keys(declared.fields).filter((field) => !(field in record));
  if (missing.length === 0) return stored;
  const restored: Record<string, unknown> = { ...record };
  for (const field of missing) restored[field] = values && field in values ? values[field] : declared.fields[field];
  return restored;
}

/** The person a stored event's personal fields belong to (the subject field stays in the stored data). */
export function personalSubjectOf(type: string, stored: unknown): string | null {
  const declared = holdsPersonalData(type) ? PERSONAL_DATA[type as EventType] : undefined;
  const subject = declared ? (stored as Record<string, unknown>)[declared.subject] : undefined;
  return typeof subject === 'string' ? subject : null;
}

/** True when a stored event's data lacks its personal fields, i.e. its values live in the vault. */
export function needsPersonalData(type: string, stored: unknown): boolean {
  const declared = holdsPersonalData(type) ? PERSONAL_DATA[type as EventType] : undefined;
  if (!declared) return false;
  return Object.keys(declared.fields).some((field) => !(field in (stored as Record<string, unknown>)));
}

/** Operator accounts over HTTP (PROTOCOL.md, "Operator accounts"). */
import type { Role } from '../../../events';
import type { JsonApiDocument, UserResource } from '@wire/replies';
import { api, request, userRecordOf, type UserRecord } from './http';

/** PUT /api/users/:id/roles (admin): the user with the roles the server now holds; failures throw HttpError with the German detail. */
export async function setUserRoles(id: string, roles: readonly Role[]): Promise<UserRecord> {
  const document = await request<JsonApiDocument<UserResource>>('PUT', api(`/users/${encodeURIComponent(id)}/roles`), {
    roles,
  });
  return userRecordOf(document.data);
}

/** DELETE /api/users/:id (admin): the account is erased; failures throw HttpError with the German detail. */
export async function eraseUser(id: string, currentPassword: string): Promise<void> {
  await request<null>('DELETE', api(`/users/${encodeURIComponent(id)}`), { currentPassword });
}

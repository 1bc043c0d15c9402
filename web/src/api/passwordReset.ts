/** Getting back in without the password (PROTOCOL.md wave 5, "Getting back in, and one's own data"). */
import { api, request } from './http';

/** GET /api/password-reset: whether the show sends reset e-mails (without, the crew makes links). */
export async function passwordResetByMail(): Promise<boolean> {
  return (await request<{ mail: boolean }>('GET', api('/password-reset'))).mail;
}

/** POST /api/password-reset: the same answer for every name; an e-mail goes out when the account has an address. */
export async function requestPasswordReset(asked: { login: string } | { email: string }): Promise<boolean> {
  return (await request<{ mail: boolean }>('POST', api('/password-reset'), asked)).mail;
}

/** POST /api/password-reset/confirm: the new password through the link's token; answers the new login token. */
export async function confirmPasswordReset(token: string, newPassword: string, ticket?: string): Promise<string> {
  return (await request<{ token: string }>('POST', api('/password-reset/confirm'), { token, newPassword }, ticket))
    .token;
}

/** POST /api/users/:id/reset-link (admin): a link to hand over. */
export async function createResetLink(userId: string): Promise<string> {
  return (await request<{ url: string }>('POST', api(`/users/${encodeURIComponent(userId)}/reset-link`))).url;
}

/**
 * The user list of the roles screen, loaded once with GET /api/users. Kept in this one hook so that it
 * can later follow the server's pushes instead; `replace` takes in a user the server just answered with.
 */
import { useCallback, useEffect, useState } from 'react';
import type { UserRecord } from '../../api/http';
import { listUsers } from '../../api/operator';
import { replaceUser } from './userRoles';

export type UserListStatus = 'loading' | 'loaded' | 'failed';

export interface UserList {
  status: UserListStatus;
  users: readonly UserRecord[];
  reload(): void;
  replace(user: UserRecord): void;
}

export function useUserList(): UserList {
  const [status, setStatus] = useState<UserListStatus>('loading');
  const [users, setUsers] = useState<readonly UserRecord[]>([]);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setStatus('loading');
    listUsers().then(
      (list) => {
        if (!current) return;
        setUsers(list);
        setStatus('loaded');
      },
      () => current && setStatus('failed'),
    );
    return () => {
      current = false;
    };
  }, [round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const replace = useCallback((user: UserRecord) => setUsers((list) => replaceUser(list, user)), []);
  return { status, users, reload, replace };
}

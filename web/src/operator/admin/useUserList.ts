/**
 * The user list of the roles screen: every user with their roles, from the operator view the server
 * pushes, so that a user who registers, or whose roles another admin changes, shows at once. A change
 * made here shows as soon as the server has answered, even if the push is still on its way.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../store';
import { selectOperatorLists, selectOperatorUsers } from '../operatorLists';
import { answered, stillAhead, usersWithRoles, type AnsweredChanges, type RoleHolder } from './userRoles';

export type UserListStatus = 'loading' | 'loaded';

export interface UserList {
  status: UserListStatus;
  users: readonly RoleHolder[];
  /** Takes in a user the server just answered with. */
  replace(user: RoleHolder): void;
}

const NOTHING_ANSWERED: AnsweredChanges = new Map();

export function useUserList(): UserList {
  const loaded = useAppSelector(selectOperatorLists) !== null;
  const entries = useAppSelector(selectOperatorUsers);
  const [changes, setChanges] = useState<AnsweredChanges>(NOTHING_ANSWERED);
  const latestEntries = useRef(entries);
  latestEntries.current = entries;
  useEffect(() => setChanges((current) => stillAhead(current, entries)), [entries]);
  const users = useMemo(() => usersWithRoles(entries, changes), [entries, changes]);
  const replace = useCallback(
    (user: RoleHolder) => setChanges((current) => answered(current, latestEntries.current, user)),
    [],
  );
  return { status: loaded ? 'loaded' : 'loading', users, replace };
}

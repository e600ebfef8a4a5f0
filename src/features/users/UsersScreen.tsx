import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Role } from '@contract/auth';
import { useAppActors } from '../../app/actors-context';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterForm } from '../../components/FilterForm';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { Notice } from '../../components/Notice';
import { PageHeading } from '../../components/PageHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import { usersApi, type InviteUser, type StaffUser } from '../../lib/users-api';
import { InviteUserDialog } from './InviteUserDialog';
import { useSubmit, type SubmitOptions } from '../../app/use-submit';
import { actionChange, actionCopy, canManageUsers, canToggleActive, ROLE_OPTIONS, STATUS_OPTIONS, USER_LIST_DEFAULTS, USER_PAGE_SIZE, type UserAction } from './user-rules';
import '../../styles/lists.css';

/** /master-data/pengguna: the bank's staff, for admins; anyone else is told the page is for admins. */
export default function UsersScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  return (
    <div className="bj-page">
      <PageHeading title="Pengguna" />
      {canManageUsers(role) ? (
        <UserManagement />
      ) : (
        <Notice tone="info" title="Halaman ini khusus Admin.">
          Pengguna bank hanya dapat dilihat dan diatur oleh pengguna berperan Admin. Hubungi Admin bank Anda untuk mengundang pengguna atau mengubah peran.
        </Notice>
      )}
    </div>
  );
}

const USER_WRITES: SubmitOptions = { invalidates: [['users']] };

function UserManagement() {
  const app = useAppActors();
  const [state, update] = useQueryState(USER_LIST_DEFAULTS);
  const query = { q: state.q, role: state.role, active: state.active, page: state.page, limit: USER_PAGE_SIZE };
  const list = useServerData(['users', 'list', query], (signal) => usersApi.list(query, signal));
  // The screen's, not the dialogs': a save retried after no answer keeps its key even if its dialog
  // was reopened. A user's invitation or change touches the users only.
  const invite = useSubmit(USER_WRITES);
  const change = useSubmit(USER_WRITES);
  const [inviting, setInviting] = useState(false);
  const [action, setAction] = useState<UserAction | null>(null);

  const sendInvite = async (input: InviteUser) => {
    const done = await invite.submit({ invite: input }, (key) => usersApi.invite(input, key));
    if (!done.ok) return;
    app.notify({ type: 'success', title: `Undangan dikirim ke ${done.answer.email}.` });
    setInviting(false);
  };

  const confirmAction = async () => {
    if (!action) return;
    const { id } = action.user;
    const body = actionChange(action);
    const done = await (body ? change.submit({ id, ...body }, (key) => usersApi.update(id, body, key)) : change.submit({ unlock: id }, (key) => usersApi.unlock(id, key)));
    if (!done.ok) return;
    app.notify({ type: 'success', title: actionCopy(action).success });
    setAction(null);
  };


  const columns: DataColumn<StaffUser>[] = [
    {
      key: 'name',
      header: 'Nama',
      wrap: true,
      cell: (user) => (
        <span className="bj-lines">
          <span>
            {user.name}
            {user.self ? <span className="bj-muted"> (Anda)</span> : null}
          </span>
          <span className="bj-muted">{user.email}</span>
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Peran',
      cell: (user) => (
        <select
          className="bj-field__input bj-role-select"
          aria-label={`Peran ${user.name}`}
          value={user.role}
          onChange={(event) => setAction({ kind: 'role', user, role: event.target.value as Role })}
        >
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      wrap: true,
      cell: (user) => (
        <>
          <StatusBadge label={user.active ? 'Aktif' : 'Nonaktif'} tone={user.active ? 'success' : 'neutral'} />
          {user.passwordSet ? null : <StatusBadge label="Belum mengatur kata sandi" tone="warning" />}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Aksi',
      cell: (user) => (
        <span className="bj-row-actions">
          {canToggleActive(user) ? (
            <button
              type="button"
              className="bj-button bj-button--secondary"
              aria-label={`${user.active ? 'Nonaktifkan' : 'Aktifkan'} ${user.name}`}
              onClick={() => setAction({ kind: 'active', user, active: !user.active })}
            >
              {user.active ? 'Nonaktifkan' : 'Aktifkan'}
            </button>
          ) : null}
          <button type="button" className="bj-button bj-button--secondary" aria-label={`Buka blokir login ${user.name}`} onClick={() => setAction({ kind: 'unlock', user })}>
            Buka blokir login
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <FilterForm
        label="Saring pengguna"
        search={{ value: state.q, placeholder: 'Nama atau email' }}
        choices={[
          { name: 'role', label: 'Peran', value: state.role, allLabel: 'Semua peran', options: ROLE_OPTIONS },
          { name: 'active', label: 'Status', value: state.active, allLabel: 'Semua status', options: STATUS_OPTIONS },
        ]}
        onApply={update}
      />

      <div className="bj-toolbar">
        <p className="bj-muted">{list.data ? `${list.data.meta.total} pengguna` : ''}</p>
        <button
          type="button"
          className="bj-button bj-button--primary"
          onClick={() => setInviting(true)}
        >
          Undang pengguna
        </button>
      </div>

      <DataTable
        list={list}
        columns={columns}
        rowKey={(user) => user.id}
        caption="Pengguna bank"
        empty={{ title: 'Tidak ada pengguna.', body: 'Tidak ada pengguna yang cocok dengan pencarian dan filter ini.' }}
        onPage={(page) => update({ page: String(page) })}
      />

      {inviting ? <InviteUserDialog submission={invite} onClose={() => setInviting(false)} onSubmit={(input) => void sendInvite(input)} /> : null}
      {action ? (
        <ConfirmDialog
          copy={actionCopy(action)}
          subject={`${action.user.name} · ${action.user.email}`}
          submission={change}
          onClose={() => setAction(null)}
          onConfirm={() => void confirmAction()}
        />
      ) : null}
    </>
  );
}

import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { mayAct } from '@machines/deposit-rules';
import { ACCOUNT_ROLES, accountRoleLabels, PRODUCT_ACCOUNT_ROLES, type AccountRole, type ProductAccountRole } from '@machines/ledger-rules';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { ErrorState, LoadingState } from '../../components/DataState';
import { SettingsActions, SubmitForm } from '../../components/Form';
import { Notice } from '../../components/Notice';
import { PageHeading } from '../../components/PageHeading';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../lib/format';
import { ledgerApi, type AccountingSettings } from '../../lib/ledger-api';
import { useServerData, type ServerKey } from '../../lib/server-data';
import { mappingDraftOf, mappingFormProblems, mappingPayload, samePayload, savedPayload, type MappingDraft } from './mapping-form';
import '../../styles/lists.css';
import '../../styles/ledger.css';

const SETTINGS_KEY: ServerKey = ['ledger', 'settings'];

/**
 * /bank/pemetaan-akun (UI.md's Pengaturan Akuntansi): the bank's account code for each of the
 * journal's seven roles, and a product's own deposit-liability and interest-expense accounts. An
 * ADMIN changes them (every problem said at once); everyone else reads what the journal posts to.
 */
export default function AccountMappingScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const admin = mayAct(role, 'ADMIN');
  const settings = useServerData(SETTINGS_KEY, (signal) => ledgerApi.settings(signal));
  return (
    <div className="bj-page bj-stack">
      <PageHeading title="Pemetaan Akun" />
      <p className="bj-ledger-intro">
        Kode akun buku besar bank yang dipakai <Link to="/bank/jurnal">Jurnal</Link> untuk setiap peran akun. Akun tanpa kode memakai nama perannya (misalnya depositLiability), sehingga terlihat
        mana yang belum dipetakan.
      </p>
      {admin ? null : (
        <Notice tone="info" title="Hanya Admin yang dapat mengubah pemetaan akun.">
          <p>Anda dapat melihat kode akun yang dipakai jurnal.</p>
        </Notice>
      )}
      {settings.status === 'error' && !settings.data ? <ErrorState title="Pemetaan akun tidak dapat dimuat." error={settings.error} onRetry={settings.reload} /> : null}
      {settings.data ? (
        admin ? (
          // One form for the visit: a save answers the mapping, which becomes its draft, and the focus stays where it was.
          <MappingForm saved={settings.data} />
        ) : (
          <MappingView saved={settings.data} />
        )
      ) : settings.status === 'loading' ? (
        <LoadingState />
      ) : null}
    </div>
  );
}

function lastChange(saved: AccountingSettings): string {
  if (!saved.updatedAt) return 'Belum pernah diatur: jurnal memakai nama peran sebagai kode akun.';
  return `Terakhir diubah oleh ${saved.updatedBy?.name ?? '-'}, ${formatDateTime(saved.updatedAt)}.`;
}

const NOT_SAVED = 'Pemetaan akun belum dapat disimpan:';

function MappingForm({ saved }: { saved: AccountingSettings }) {
  const app = useAppActors();
  const [draft, setDraft] = useState<MappingDraft>(() => mappingDraftOf(saved));
  const [unchanged, setUnchanged] = useState(false);
  // The form's: a save retried after no answer keeps its key.
  const save = useSubmit();
  const setAccount = (role: AccountRole, code: string) => setDraft((previous) => ({ ...previous, accounts: { ...previous.accounts, [role]: code } }));
  const setProductAccount = (productId: string, role: ProductAccountRole, code: string) =>
    setDraft((previous) => ({ ...previous, byProduct: { ...previous.byProduct, [productId]: { ...previous.byProduct[productId]!, [role]: code } } }));

  const submit = async () => {
    const payload = mappingPayload(draft);
    const found = mappingFormProblems(payload, saved.products);
    const same = found.length === 0 && samePayload(payload, savedPayload(saved));
    setUnchanged(same);
    if (found.length > 0) return save.invalid({ problems: found });
    save.reset();
    if (same) return;
    // The save answers the mapping as it is now: it takes the read's place (the journal is read again).
    const done = await save.submit(payload, (key) => ledgerApi.saveSettings(payload, key), { answered: (answer) => [{ key: SETTINGS_KEY, data: answer }] });
    if (!done.ok) return;
    app.notify({ type: 'success', title: 'Pemetaan akun disimpan.' });
    setDraft(mappingDraftOf(done.answer));
  };

  return (
    <SubmitForm
      className="bj-stack"
      submission={save}
      onSubmit={() => void submit()}
      summaryTitle={NOT_SAVED}
      actions={<SettingsActions unchanged={unchanged} lastChange={lastChange(saved)} lastChangeTestId="mapping-last-change" label="Simpan pemetaan" />}
    >
      <section className="bj-card" aria-labelledby="mapping-roles">
        <h2 id="mapping-roles" className="bj-card__title">
          Akun bank
        </h2>
        <p className="bj-field__hint bj-form-note">Satu kode per peran, 1–30 huruf, angka, titik, tanda hubung, garis miring atau spasi di tengah. Dua peran tidak boleh memakai kode yang sama.</p>
        <div className="bj-mapping-roles">
          {ACCOUNT_ROLES.map((role) => (
            <TextField
              key={role}
              label={accountRoleLabels[role]}
              value={draft.accounts[role]}
              onChange={(event) => setAccount(role, event.target.value)}
              placeholder={role}
              autoComplete="off"
              spellCheck={false}
              hint={`Kosong: jurnal memakai nama peran ${role}.`}
            />
          ))}
        </div>
      </section>
      {saved.products.length > 0 ? (
        <section className="bj-card" aria-labelledby="mapping-products">
          <h2 id="mapping-products" className="bj-card__title">
            Akun per produk
          </h2>
          <p className="bj-field__hint bj-form-note">Isi bila buku besar bank memisahkan kewajiban deposito atau beban bunga per produk. Kosong: memakai kode akun bank di atas.</p>
          <table className="bj-table bj-table--form bj-mapping-table">
              <ProductAccountsHead />
              <tbody>
                {saved.products.map((product) => (
                  <tr key={product.id}>
                    <th scope="row">{product.name}</th>
                    {PRODUCT_ACCOUNT_ROLES.map((role) => (
                      <td key={role}>
                        <input
                          className="bj-field__input"
                          type="text"
                          autoComplete="off"
                          spellCheck={false}
                          aria-label={`${accountRoleLabels[role]} ${product.name}`}
                          placeholder={draft.accounts[role].trim() || role}
                          value={draft.byProduct[product.id]![role]}
                          onChange={(event) => setProductAccount(product.id, role, event.target.value)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </SubmitForm>
  );
}

/** What the journal posts to, for staff who read: each role's code (or that it is unmapped) and a product's own. */
function MappingView({ saved }: { saved: AccountingSettings }) {
  const bankAccount = (role: AccountRole) => saved.roles.find((entry) => entry.role === role)?.account ?? role;
  const own = saved.products.filter((product) => Object.values(saved.byProduct[product.id] ?? {}).some(Boolean));
  return (
    <>
      <section className="bj-card" aria-labelledby="mapping-roles">
        <h2 id="mapping-roles" className="bj-card__title">
          Akun bank
        </h2>
        <dl className="bj-details">
          {saved.roles.map((entry) => (
            <div key={entry.role} className="bj-details__row">
              <dt>{entry.label}</dt>
              <dd>{entry.mapped ? entry.account : <span className="bj-muted">Belum dipetakan: jurnal memakai {entry.account}</span>}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="bj-card" aria-labelledby="mapping-products">
        <h2 id="mapping-products" className="bj-card__title">
          Akun per produk
        </h2>
        {own.length === 0 ? (
          <p className="bj-muted">Semua produk memakai akun bank di atas.</p>
        ) : (
          <div className="bj-table-wrap">
            <table className="bj-table">
              <ProductAccountsHead />
              <tbody>
                {own.map((product) => (
                  <tr key={product.id}>
                    <th scope="row">{product.name}</th>
                    {PRODUCT_ACCOUNT_ROLES.map((role) => (
                      <td key={role}>{saved.byProduct[product.id]?.[role] || <span className="bj-muted">akun bank ({bankAccount(role)})</span>}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <p className="bj-muted bj-form-note" data-testid="mapping-last-change">
        {lastChange(saved)}
      </p>
    </>
  );
}

/** The per-product table's caption and header, the same in the form and in the read-only view. */
function ProductAccountsHead() {
  return (
    <>
      <caption className="bj-visually-hidden">Akun per produk</caption>
      <thead>
        <tr>
          <th scope="col">Produk</th>
          {PRODUCT_ACCOUNT_ROLES.map((role) => (
            <th key={role} scope="col">
              {accountRoleLabels[role]}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}

import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { ErrorState, LoadingState } from '../../components/DataState';
import { SettingsActions, SubmitForm } from '../../components/Form';
import { Notice } from '../../components/Notice';
import { PercentField, RupiahField } from '../../components/NumberFields';
import { PageHeading } from '../../components/PageHeading';
import { TextField } from '../../components/TextField';
import { formatDateTime, formatRate, formatRupiah, jakartaToday } from '../../lib/format';
import { productSettingsApi, productSettingsKey, type ProductSettings } from '../../lib/product-settings-api';
import { useServerData } from '../../lib/server-data';
import { BilyetNumberingFields } from './BilyetNumberingFields';
import { HolidaysEditor } from './HolidaysEditor';
import { LpsRatesEditor } from './LpsRatesEditor';
import { canManageProducts } from './product-rules';
import { cutOffProblem, lpsInForceFrom, prepareSettings, RATIO_THRESHOLD_LABELS, savedMessage, settingsDraftOf, type SettingsDraft } from './settings-form';
import { RATIO_NAMES } from '@machines/bank-rules';
import { milliPercentToText } from '../../lib/number-input';
import '../../styles/lists.css';

/** /master-data/pengaturan-produk: what every deposit figure of the bank is computed with; an admin changes it. */
export default function ProductSettingsScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const admin = canManageProducts(role);
  const settings = useServerData(productSettingsKey, (signal) => productSettingsApi.get(signal));
  return (
    <div className="bj-page bj-stack">
      <PageHeading title="Pengaturan Produk" />
      {admin ? null : (
        <Notice tone="info" title="Hanya Admin yang dapat mengubah pengaturan produk.">
          <p>Anda dapat melihat pengaturan yang dipakai untuk menghitung bunga, pajak dan penjaminan LPS.</p>
        </Notice>
      )}
      {settings.status === 'error' && !settings.data ? <ErrorState title="Pengaturan produk tidak dapat dimuat." error={settings.error} onRetry={settings.reload} /> : null}
      {settings.data ? (
        // A fresh form for what the server now holds (after a save it answers the settings).
        <SettingsForm key={settings.data.updatedAt ?? 'default'} saved={settings.data} admin={admin} />
      ) : settings.status === 'loading' ? (
        <LoadingState />
      ) : null}
    </div>
  );
}

const NOT_SAVED = 'Pengaturan belum dapat disimpan:';

function SettingsForm({ saved, admin }: { saved: ProductSettings; admin: boolean }) {
  const app = useAppActors();
  const today = jakartaToday();
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsDraftOf(saved));
  const [unchanged, setUnchanged] = useState(false);
  const save = useSubmit();
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => setDraft((previous) => ({ ...previous, [key]: value }));
  const edit = admin ? set : undefined;

  const submit = async () => {
    if (!admin) return;
    const cutOff = cutOffProblem(draft.cutOffTime);
    const prepared = prepareSettings(saved, draft);
    const found = [...(cutOff ? [cutOff] : []), ...(prepared.ok ? [] : prepared.problems)];
    setUnchanged(found.length === 0 && prepared.ok && prepared.payload === null);
    if (found.length > 0) return save.invalid({ problems: found });
    save.reset();
    if (!prepared.ok || !prepared.payload) return;
    const changes = prepared.payload;
    // The save answers the settings as they are now: they take the read's place (what they move is read again).
    const done = await save.submit(changes, (key) => productSettingsApi.update(changes, key), { answered: (answer) => [{ key: productSettingsKey, data: answer }] });
    if (!done.ok) return;
    app.notify({ type: 'success', title: savedMessage(done.answer.movedInstallments) });
  };

  return (
    <SubmitForm
      className="bj-stack"
      submission={save}
      onSubmit={() => void submit()}
      summaryTitle={NOT_SAVED}
      actions={
        admin ? (
          <SettingsActions
            unchanged={unchanged}
            lastChange={saved.updatedAt ? `Terakhir diubah ${formatDateTime(saved.updatedAt)}` : 'Belum pernah diubah: nilai bawaan.'}
            label="Simpan pengaturan"
          />
        ) : null
      }
    >
      <section className="bj-card" aria-labelledby="settings-transactions">
        <h2 id="settings-transactions" className="bj-card__title">
          Transaksi dan pajak
        </h2>
        {admin ? (
          <div className="bj-form--grid bj-form--thirds">
            <TextField
              label="Jam batas transaksi (WIB)"
              value={draft.cutOffTime}
              onChange={(event) => set('cutOffTime', event.target.value)}
              inputMode="numeric"
              placeholder="15:00"
              maxLength={5}
              required
              hint="Permintaan setelah jam ini dihitung untuk hari kerja berikutnya."
            />
            <PercentField label="Tarif pajak bunga" value={draft.tax} onChange={(text) => set('tax', text)} required hint="PPh final atas bunga deposito." />
            <RupiahField
              label="Batas bebas pajak"
              value={draft.taxThreshold}
              onChange={(text) => set('taxThreshold', text)}
              required
              hint="Pajak dipotong bila total pokok nasabah di bank ini melebihi batas ini."
            />
          </div>
        ) : (
          <dl className="bj-facts bj-facts--compact">
            <div>
              <dt>Jam batas transaksi</dt>
              <dd>{saved.cutOffTime} WIB</dd>
            </div>
            <div>
              <dt>Tarif pajak bunga</dt>
              <dd>{formatRate(saved.taxBps)}</dd>
            </div>
            <div>
              <dt>Batas bebas pajak</dt>
              <dd>{formatRupiah(saved.taxThresholdRupiah)}</dd>
            </div>
          </dl>
        )}
      </section>

      <section className="bj-card" aria-labelledby="settings-lps">
        <h2 id="settings-lps" className="bj-card__title">
          Penjaminan LPS
        </h2>
        {admin ? (
          <div className="bj-form--grid bj-form--thirds">
            <RupiahField
              label="Batas penjaminan LPS per nasabah"
              value={draft.lpsCoverage}
              onChange={(text) => set('lpsCoverage', text)}
              required
              hint="Simpanan nasabah di atas batas ini tidak dijamin LPS."
            />
          </div>
        ) : (
          <dl className="bj-facts bj-facts--compact">
            <div>
              <dt>Batas penjaminan LPS per nasabah</dt>
              <dd>{formatRupiah(saved.lpsCoverageRupiah)}</dd>
            </div>
          </dl>
        )}
        <h3 className="bj-subtitle">
          Tingkat bunga penjaminan LPS <span className="bj-muted">· berlaku hari ini: {formatRate(saved.lpsRateTodayBps)}</span>
        </h3>
        <p className="bj-field__hint bj-form-note">Suku bunga deposito di atas tingkat bunga yang berlaku pada awal periodenya ditandai &quot;Tidak dijamin LPS&quot;.</p>
        <LpsRatesEditor rows={draft.lpsRates} inForceFrom={lpsInForceFrom(saved.lpsRates, today)} onChange={edit ? (rows) => edit('lpsRates', rows) : undefined} />
      </section>

      <section className="bj-card" aria-labelledby="settings-ratios">
        <h2 id="settings-ratios" className="bj-card__title">
          Batas sehat rasio keuangan
        </h2>
        <p className="bj-field__hint bj-form-note">Dipakai Neraca Keuangan untuk menilai setiap rasio. KPMM, ROA dan rasio kas sehat bila paling rendah sebesar batasnya; NPL, LDR dan BOPO bila paling tinggi sebesar batasnya.</p>
        {admin ? (
          <div className="bj-form--grid bj-form--thirds">
            {RATIO_NAMES.map((name) => (
              <PercentField
                key={name}
                label={`Batas ${RATIO_THRESHOLD_LABELS[name]}`}
                value={draft.ratioThresholds[name]}
                onChange={(text) => set('ratioThresholds', { ...draft.ratioThresholds, [name]: text })}
                required
              />
            ))}
          </div>
        ) : (
          <dl className="bj-facts bj-facts--compact">
            {RATIO_NAMES.map((name) => (
              <div key={name}>
                <dt>Batas {RATIO_THRESHOLD_LABELS[name]}</dt>
                <dd>{milliPercentToText(Math.round(saved.ratioThresholds[name] * 1000))}%</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section className="bj-card" aria-labelledby="settings-bilyet-numbering">
        <h2 id="settings-bilyet-numbering" className="bj-card__title">
          Penomoran bilyet
        </h2>
        <p className="bj-field__hint bj-form-note">Nomor bilyet ditentukan saat bilyet dicetak, dicetak pada bilyet, dan kode QR-nya langsung dapat diverifikasi.</p>
        <BilyetNumberingFields draft={draft.bilyetNumbering} saved={saved.bilyetNumbering} onChange={edit ? (next) => edit('bilyetNumbering', next) : undefined} />
      </section>

      <section className="bj-card" aria-labelledby="settings-holidays">
        <h2 id="settings-holidays" className="bj-card__title">
          Hari libur
        </h2>
        <p className="bj-field__hint bj-form-note">Angsuran bunga yang jatuh pada akhir pekan atau hari libur dibayar pada hari kerja berikutnya.</p>
        <HolidaysEditor rows={draft.holidays} decrees={saved.holidayDecrees} today={today} onChange={edit ? (rows) => edit('holidays', rows) : undefined} />
      </section>
    </SubmitForm>
  );
}

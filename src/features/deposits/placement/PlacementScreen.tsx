import { useEffect, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { placementMachine, type PlacedDeposit, type PlacementTerms } from '@machines/placement';
import type { PlacementPreviewData, PlacementRequest } from '@contract/placement';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fundingMethodLabels } from '@contract/placement';
import { useAppActors } from '../../../app/actors-context';
import { useSubmit } from '../../../app/use-submit';
import { DateField } from '../../../components/DateField';
import { FormProblems } from '../../../components/FormProblems';
import { Notice } from '../../../components/Notice';
import { PercentField, RupiahField } from '../../../components/NumberFields';
import { PageHeading } from '../../../components/PageHeading';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { customersApi, type CustomerSummary } from '../../../lib/customers-api';
import { depositApi } from '../../../lib/deposit-api';
import { instructionLabels, interestPaymentLabels } from '../../../lib/deposit-labels';
import { errorMessage } from '../../../lib/error-message';
import { formatRate, jakartaToday } from '../../../lib/format';
import { productsApi } from '../../../lib/products-api';
import { useServerData, useServerFetch } from '../../../lib/server-data';
import { answeredDetail } from '../use-deposit-queries';
import { CustomerPicker } from './CustomerPicker';
import { PlacementPreviewPanel } from './PlacementPreviewPanel';
import { draftProblems, instructionFor, termsOf, type PlacementDraft } from './placement-form';
import '../../../styles/lists.css';
import '../../../styles/customer-form.css';

const FUNDING_CHOICES = (Object.keys(fundingMethodLabels) as Array<keyof typeof fundingMethodLabels>).map((value) => ({ value, label: fundingMethodLabels[value] }));

/**
 * /deposito/baru, Penempatan Baru (DOMAIN.md "At the counter"): the customer, product, tenor,
 * amount, value date and instruction, then how the money came in; the server's preview shows the
 * deposit as it will be (rate, maturity, LPS, tax, every installment) before it is placed. The
 * deposit waits for a supervisor other than its maker.
 */
export default function PlacementScreen() {
  const app = useAppActors();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const today = jakartaToday();
  const [customer, setCustomer] = useState<Pick<CustomerSummary, 'id' | 'name' | 'nik'> | null>(null);
  const [draft, setDraft] = useState<PlacementDraft>({
    customerId: params.get('customerId') ?? '',
    productId: '',
    tenorMonths: '',
    amountText: '',
    specialRateText: '',
    depositDate: today,
    maturityInstruction: '',
    fundingMethod: 'TRANSFER',
    fundingReference: '',
    fundingReceivedAt: today,
  });
  // The flow is the placement machine's; the view gives it the API, with refusals as sentences. The
  // placement itself is a write like any other: its key and outcome are the submission machine's.
  const placing = useSubmit();
  const ask = useServerFetch();
  const refusal = (error: unknown) => ({ messages: errorMessage(error).split('\n') });
  const [flow, send] = useMachine(
    placementMachine.provide({
      actors: {
        previewPlacement: fromPromise<PlacementPreviewData, PlacementTerms>(({ input, signal }) =>
          ask(['deposits', 'placement-preview', input], (asked) => depositApi.placementPreview(input, asked), signal).catch((error: unknown) => Promise.reject(refusal(error))),
        ),
        placeDeposit: fromPromise<PlacedDeposit, PlacementRequest>(async ({ input }) => {
          // The answer is the new deposit's detail: its screen, opened next, shows it without asking.
          const done = await placing.submit(input, (key) => depositApi.place(input, key), { answered: answeredDetail });
          if (!done.ok) throw refusal(done.failure);
          return { id: done.answer.id, depositNumber: done.answer.depositNumber };
        }),
      },
    }),
  );

  // A customer opened from their page comes by id.
  const linked = draft.customerId && !customer ? draft.customerId : null;
  const fromLink = useServerData(linked ? ['customers', 'detail', linked] : null, (signal) => customersApi.detail(linked ?? '', signal));
  const chosen = customer ?? (fromLink.data ? { id: fromLink.data.id, name: fromLink.data.name, nik: fromLink.data.nik } : null);
  const products = useServerData(['products', 'list', { active: 'true' }], (signal) => productsApi.list({ active: 'true' }, signal));
  const product = products.data?.find((item) => item.id === draft.productId);
  const terms = termsOf(draft, product);
  const termsKey = JSON.stringify(terms);
  useEffect(() => {
    send({ type: 'placement.edit', terms });
    // The terms object is new on every render; its content is what counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [termsKey, send]);
  const { preview, previewRefusal, problems, placed } = flow.context;
  const pending = flow.matches({ open: 'submitting' });
  useEffect(() => {
    if (!placed) return;
    app.notify({ type: 'success', title: `Penempatan ${placed.depositNumber} dicatat; menunggu persetujuan supervisor lain.` });
    navigate(`/deposito/${encodeURIComponent(placed.id)}`);
  }, [placed, app, navigate]);

  const set = (changes: Partial<PlacementDraft>) => setDraft((previous) => ({ ...previous, ...changes }));
  const chooseProduct = (productId: string) => {
    const next = products.data?.find((item) => item.id === productId);
    set({ productId, tenorMonths: '', specialRateText: '', maturityInstruction: instructionFor(draft.maturityInstruction, next) });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = draftProblems(draft, product, chosen !== null);
    const request = terms ? { ...terms, funding: { method: draft.fundingMethod as 'TRANSFER', reference: draft.fundingReference.trim(), receivedAt: draft.fundingReceivedAt } } : null;
    send({ type: 'placement.submit', missing, request });
  };

  return (
    <div className="bj-page">
      <PageHeading title="Penempatan Baru" />
      <p>
        <Link to="/deposito">Kembali ke daftar deposito</Link>
      </p>
      <CustomerPicker
        chosen={chosen}
        onChoose={(picked) => {
          setCustomer(picked);
          set({ customerId: picked?.id ?? '' });
        }}
      />
      <form className="bj-card bj-form bj-form--grid" onSubmit={onSubmit} noValidate aria-busy={pending} aria-label="Penempatan deposito">
        <SelectField
          label="Produk"
          name="productId"
          value={draft.productId}
          onChange={(event) => chooseProduct(event.target.value)}
          options={(products.data ?? []).map((item) => ({ value: item.id, label: `${item.name} (bunga ${interestPaymentLabels[item.interestPayment].toLowerCase()})` }))}
          placeholder="Pilih produk"
          required
        />
        <SelectField
          label="Tenor"
          name="tenorMonths"
          value={draft.tenorMonths}
          onChange={(event) => set({ tenorMonths: event.target.value })}
          options={(product?.tenors ?? []).map((tenor) => ({ value: String(tenor.tenorMonths), label: `${tenor.tenorMonths} bulan · ${formatRate(tenor.rateBps)}` }))}
          placeholder={product ? 'Pilih tenor' : 'Pilih produk dahulu'}
          required
        />
        <RupiahField label="Nominal" value={draft.amountText} onChange={(amountText) => set({ amountText })} hint="Contoh: 50.000.000." required />
        {product && product.specialRateCeilingBps !== null ? (
          <PercentField
            label="Suku bunga khusus"
            value={draft.specialRateText}
            onChange={(specialRateText) => set({ specialRateText })}
            hint={`Opsional; kosongkan untuk suku bunga produk. Paling tinggi tingkat bunga LPS + ${formatRate(product.specialRateCeilingBps)}; disetujui supervisor.`}
          />
        ) : null}
        <DateField label="Tanggal efektif" name="depositDate" value={draft.depositDate} onChange={(depositDate) => set({ depositDate })} min={today} required />
        <SelectField
          label="Instruksi jatuh tempo"
          name="maturityInstruction"
          value={draft.maturityInstruction}
          onChange={(event) => set({ maturityInstruction: event.target.value })}
          options={(product?.instructions ?? []).map((value) => ({ value, label: instructionLabels[value] }))}
          placeholder={product ? 'Pilih instruksi' : 'Pilih produk dahulu'}
          required
        />
        <div className="bj-field">
          <span className="bj-field__label">Pembayaran bunga</span>
          <p>{product ? interestPaymentLabels[product.interestPayment] : '-'}</p>
        </div>
        <fieldset className="bj-form__full bj-fieldset">
          <legend>Setoran</legend>
          <SelectField label="Cara setor" name="fundingMethod" value={draft.fundingMethod} onChange={(event) => set({ fundingMethod: event.target.value })} options={FUNDING_CHOICES} required />
          <TextField
            label="Referensi setoran"
            name="fundingReference"
            value={draft.fundingReference}
            onChange={(event) => set({ fundingReference: event.target.value })}
            hint="Nomor referensi transfer, nomor kuitansi tunai, atau nomor rekening tabungan yang didebit."
            required
          />
          <DateField label="Tanggal dana diterima" name="fundingReceivedAt" value={draft.fundingReceivedAt} onChange={(fundingReceivedAt) => set({ fundingReceivedAt })} max={today} required />
        </fieldset>
        <div className="bj-form__full">
          {previewRefusal ? (
            <Notice tone="warning" title="Pratinjau belum dapat dihitung">
              {previewRefusal.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </Notice>
          ) : preview ? (
            <PlacementPreviewPanel preview={preview} />
          ) : (
            <p className="bj-muted">{terms ? 'Menghitung pratinjau…' : 'Pratinjau muncul setelah nasabah, produk, tenor, nominal dan instruksi terisi.'}</p>
          )}
        </div>
        {problems ? <FormProblems problems={problems} /> : null}
        <div className="bj-form__full">
          <button className="bj-button bj-button--primary" type="submit" aria-disabled={pending || undefined}>
            {pending ? 'Menyimpan…' : 'Simpan penempatan'}
          </button>
        </div>
      </form>
    </div>
  );
}

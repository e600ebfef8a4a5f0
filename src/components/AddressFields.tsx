import { useId, useState } from 'react';
import type { GeographyLevel } from '@contract/geography';
import { geographyApi as defaultGeographyApi, type GeographyApi, type GeographyArea, type ZipSearchResult } from '../lib/geography-api';
import { useServerData } from '../lib/server-data';
import { ZipSearchField } from './ZipSearchField';
import { useFieldProblems } from './Form';

/** The picked part of an address, as the form sends it (empty string: nothing picked). */
interface PickedAddress {
  provinceId: string;
  cityId: string;
  districtId: string;
  villageId: string;
  zipCode: string;
}

/** Names of the picked areas, shown while their lists load (e.g. right after a zip search). */
type Names = Partial<Record<GeographyLevel, string>>;

const EMPTY_ADDRESS: PickedAddress = { provinceId: '', cityId: '', districtId: '', villageId: '', zipCode: '' };

const LEVELS: ReadonlyArray<{ level: GeographyLevel; field: keyof PickedAddress; label: string; parent: keyof PickedAddress | null }> = [
  { level: 'province', field: 'provinceId', label: 'Provinsi', parent: null },
  { level: 'city', field: 'cityId', label: 'Kota/kabupaten', parent: 'provinceId' },
  { level: 'district', field: 'districtId', label: 'Kecamatan', parent: 'cityId' },
  { level: 'village', field: 'villageId', label: 'Kelurahan/desa', parent: 'districtId' },
];

interface AddressFieldsProps {
  /** The address to start from (the bank's, on Profil Bank). */
  defaultValue?: Partial<PickedAddress>;
  defaultNames?: Names;
  /** Province, city and district are required (the village and postal code help the courier). */
  required?: boolean;
  disabled?: boolean;
  /** Problems to show under the pickers, one sentence each; the form's submission adds its `area` problems (components/Form.tsx). */
  problems?: readonly string[];
  api?: GeographyApi;
}

/**
 * Province → city/regency → district → village pickers over GET /geography, with a postal-code
 * search that fills them all at once. The selects and the postal-code input carry the form names
 * the server reads (provinceId, cityId, districtId, villageId, zipCode), so the surrounding form
 * reads them with FormData like any other field. Picking an area clears the ones below it;
 * picking a village fills its postal code.
 */
export function AddressFields({ defaultValue, defaultNames = {}, required = false, disabled = false, problems: given, api = defaultGeographyApi }: AddressFieldsProps) {
  const id = useId();
  const problems = useFieldProblems('area', 'Wilayah', given);
  const [value, setValue] = useState<PickedAddress>({ ...EMPTY_ADDRESS, ...defaultValue });
  const [names, setNames] = useState<Names>(defaultNames);

  const choose = (field: keyof PickedAddress, areaId: string, name: string | undefined, zipCode?: string | null) => {
    const index = LEVELS.findIndex((entry) => entry.field === field);
    const next = { ...value, [field]: areaId };
    const nextNames: Names = { ...names, [LEVELS[index]!.level]: name };
    for (const below of LEVELS.slice(index + 1)) {
      next[below.field] = '';
      delete nextNames[below.level];
    }
    if (field === 'villageId' && zipCode) next.zipCode = zipCode;
    setValue(next);
    setNames(nextNames);
  };

  const onPick = (result: ZipSearchResult) => {
    setValue({ provinceId: result.provinceId, cityId: result.cityId, districtId: result.districtId, villageId: result.villageId, zipCode: result.zipCode ?? value.zipCode });
    setNames({ province: result.province, city: result.city, district: result.district, village: result.village });
  };

  return (
    <fieldset className="bj-address" disabled={disabled} aria-describedby={problems.length > 0 ? `${id}-problems` : undefined}>
      <legend className="bj-field__label">Wilayah</legend>
      <ZipSearchField
        label="Cari kode pos atau nama wilayah"
        hint="Ketik kode pos (contoh 40115) atau nama kelurahan, kecamatan, kota; pilih hasilnya untuk mengisi wilayah."
        searchZip={api.searchZip}
        onPick={onPick}
        disabled={disabled}
      />
      <div className="bj-address__grid">
        {LEVELS.map((entry) => (
          <AreaSelect
            key={entry.field}
            level={entry.level}
            name={entry.field}
            label={entry.label}
            parentId={entry.parent ? value[entry.parent] : null}
            value={value[entry.field]}
            currentName={names[entry.level]}
            required={required && entry.level !== 'village'}
            areas={api.areas}
            onChoose={(areaId, area) => choose(entry.field, areaId, area?.name, area?.zipCode)}
          />
        ))}
        <div className="bj-field">
          <label className="bj-field__label" htmlFor={`${id}-zip`}>
            Kode pos
          </label>
          <input
            id={`${id}-zip`}
            className="bj-field__input"
            name="zipCode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={value.zipCode}
            onChange={(event) => setValue({ ...value, zipCode: event.target.value.replace(/\D/g, '') })}
          />
        </div>
      </div>
      {/* The ODbL asks that people shown the data learn where it comes from (README "Geography data"). */}
      <p className="bj-field__hint">Data wilayah: idn-area-data (Open Database License); kode pos: geografis.</p>
      {problems.length > 0 ? (
        <ul id={`${id}-problems`} className="bj-field__problem" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

interface AreaSelectProps {
  level: GeographyLevel;
  name: string;
  label: string;
  /** null for provinces; '' while the level above is not picked. */
  parentId: string | null;
  value: string;
  currentName: string | undefined;
  required: boolean;
  areas: GeographyApi['areas'];
  onChoose: (id: string, area: GeographyArea | undefined) => void;
}

/** One level's select: its options load whenever the area above changes. */
function AreaSelect({ level, name, label, parentId, value, currentName, required, areas, onChoose }: AreaSelectProps) {
  const id = useId();
  const waiting = parentId === '';
  // Another parent's areas are no options for this one: nothing is kept while the next list loads.
  const options = useServerData(waiting ? null : ['geography', 'areas', level, parentId], (signal) => areas(level, parentId, signal), { freshness: 'reference', keepPrevious: false });
  const failed = options.status === 'error';
  const loaded = options.data;
  // The picked area stays shown by the name we know: until its list has come, and should the list
  // no longer hold it (a code a newer dataset retired), so a save never drops it silently.
  const picked = value ? [{ id: value, name: currentName ?? value }] : [];
  const list = loaded ? (loaded.some((area) => area.id === value) ? loaded : [...picked, ...loaded]) : picked;
  const placeholder = waiting ? 'Pilih wilayah di atasnya dahulu' : !loaded && !failed ? 'Memuat…' : `Pilih ${label.toLowerCase()}`;

  return (
    <div className="bj-field">
      <label className="bj-field__label" htmlFor={id}>
        {label}
        {required ? <span className="bj-field__required" aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        className="bj-field__input"
        name={name}
        value={value}
        aria-required={required || undefined}
        disabled={waiting}
        onChange={(event) => onChoose(event.target.value, list.find((area) => area.id === event.target.value))}
      >
        <option value="">{placeholder}</option>
        {list.map((area) => (
          <option key={area.id} value={area.id}>
            {area.name}
          </option>
        ))}
      </select>
      {failed ? (
        <p className="bj-field__problem" role="alert">
          Daftar {label.toLowerCase()} tidak dapat dimuat. Muat ulang halaman untuk mencoba lagi.
        </p>
      ) : null}
    </div>
  );
}

import type { Role } from '@contract/auth';

/** The sidebar of UI.md: labels as shown there, paths as it proposes. */

export interface MenuLink {
  label: string;
  path: string;
  /**
   * Only these roles see the entry (everyone when absent). The screen still tells anyone else who
   * opens its address that it is not for them; the server refuses their requests.
   */
  roles?: readonly Role[];
}

interface MenuGroup {
  label: string;
  links: MenuLink[];
}

type MenuEntry = MenuLink | MenuGroup;

const MENU: readonly MenuEntry[] = [
  { label: 'Beranda', path: '/home' },
  {
    label: 'Deposito',
    links: [
      {
        label: 'Daftar Deposito',
        path: '/deposito',
      },
      {
        label: 'Proses Dokumen',
        path: '/deposito/proses',
      },
      {
        label: 'Bunga Bulanan',
        path: '/deposito/bunga',
      },
      {
        label: 'Pencairan',
        path: '/deposito/pencairan',
      },
      {
        label: 'Jatuh Tempo',
        path: '/deposito/jatuh-tempo',
      },
      {
        label: 'Permintaan Perubahan',
        path: '/deposito/perubahan',
      },
      {
        label: 'Nasabah',
        path: '/nasabah',
      },
      {
        label: 'Blokir',
        path: '/deposito/blokir',
      },
      { label: 'Impor Deposito', path: '/deposito/impor', roles: ['ADMIN'] },
    ],
  },
  {
    label: 'Bank',
    links: [
      { label: 'Profil Bank', path: '/bank/profil' },
      { label: 'Neraca Keuangan', path: '/bank/neraca' },
      { label: 'Tagihan', path: '/bank/tagihan' },
      { label: 'Laporan', path: '/bank/laporan' },
      { label: 'Jurnal', path: '/bank/jurnal' },
      // UI.md's "Pengaturan Akuntansi": every role reads the mapping, an ADMIN changes it.
      { label: 'Pemetaan Akun', path: '/bank/pemetaan-akun' },
    ],
  },
  {
    label: 'Master Data',
    links: [
      { label: 'Produk', path: '/master-data/produk' },
      { label: 'Pengaturan Produk', path: '/master-data/pengaturan-produk' },
      { label: 'Pengguna', path: '/master-data/pengguna', roles: ['ADMIN'] },
    ],
  },
];

export function isMenuGroup(entry: MenuEntry): entry is MenuGroup {
  return 'links' in entry;
}

/** Every link of the menu, groups flattened. */
export const MENU_LINKS: readonly MenuLink[] = MENU.flatMap((entry) => (isMenuGroup(entry) ? entry.links : [entry]));

/** The menu a user with `role` sees: entries for other roles left out, and a group left empty with them. Unknown role (the profile still loading): only entries for everyone. */
export function menuFor(role: Role | undefined): MenuEntry[] {
  const allowed = (link: MenuLink) => !link.roles || (role !== undefined && link.roles.includes(role));
  return MENU.flatMap((entry): MenuEntry[] => {
    if (!isMenuGroup(entry)) return allowed(entry) ? [entry] : [];
    const links = entry.links.filter(allowed);
    return links.length > 0 ? [{ ...entry, links }] : [];
  });
}

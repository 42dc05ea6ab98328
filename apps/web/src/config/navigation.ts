import { isAllowed, limits, type Permission, type UserSession } from '@receta/domain';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Apps from '@mui/icons-material/Apps';
import Badge from '@mui/icons-material/Badge';
import Business from '@mui/icons-material/Business';
import CloudSync from '@mui/icons-material/CloudSync';
import Dashboard from '@mui/icons-material/Dashboard';
import Extension from '@mui/icons-material/Extension';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import LocalHospital from '@mui/icons-material/LocalHospital';
import MedicalServices from '@mui/icons-material/MedicalServices';
import PersonOff from '@mui/icons-material/PersonOff';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Description from '@mui/icons-material/Description';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Workspaces from '@mui/icons-material/Workspaces';
import type { Translation } from '../i18n/es.ts';
import type { RoleGroup } from '@receta/domain';
import { isFirstRoleIn, isWorkspaceMember } from '../lib/roles.ts';
import { paths } from './paths.ts';

type ItemLabelKey = `navigation.items.${keyof Translation['navigation']['items']}`;
type GroupLabelKey = `navigation.groups.${keyof Translation['navigation']['groups']}`;
type SearchWordsKey = `navigation.searchWords.${keyof Translation['navigation']['searchWords']}`;
/** The texts the navigation search reads of an item. */
export type NavigationTextKey = ItemLabelKey | SearchWordsKey;

export interface NavigationItem {
  id: string;
  labelKey: ItemLabelKey;
  /** Other words the navigation search finds the page by ("recetas" for Prescripciones). */
  searchWordsKey?: SearchWordsKey;
  path: string;
  /** Spec section 6: one matching permission suffices; undefined is open to everyone. */
  required?: readonly Permission[];
  /** The roles-based check of spec section 6: the user's first role must be in the group. */
  roles?: RoleGroup;
  /** Spec section 2, "(exact)": marked current on its own path only, not on the pages under it. */
  isExact?: boolean;
  /** Its page works inside a workspace (patients, prescriptions): hidden from a user who belongs to none. */
  needsWorkspace?: boolean;
  icon: SvgIconComponent;
}

/** Who is looking at the menu: their permissions and, for the roles-based check, their roles. */
export interface Viewer {
  scope: readonly string[];
  user?: Pick<UserSession, 'roles' | 'workspaces'> | null;
}

export interface NavigationGroup {
  id: string;
  labelKey: GroupLabelKey;
  required?: readonly Permission[];
  items: readonly NavigationItem[];
}

/** The side menu of spec section 2. Later features add their entries here. */
export const navigation: readonly NavigationGroup[] = [
  {
    id: 'auth',
    labelKey: 'navigation.groups.auth',
    // Spec section 2: the group as a whole needs an index-admin permission (a femecon.admin does not see it).
    required: ['index.admin.fds', 'index.admin.antigens'],
    items: [
      {
        id: 'administrators',
        labelKey: 'navigation.items.administrators',
        path: paths.administrators.path,
        required: ['index.admin.fds', 'index.admin.antigens'],
        isExact: true,
        icon: AdminPanelSettings,
      },
      {
        id: 'not-authorized-users',
        labelKey: 'navigation.items.notAuthorizedUsers',
        searchWordsKey: 'navigation.searchWords.notAuthorizedUsers',
        path: paths.notAuthorizedUsers.path,
        required: ['index.not.authorized.user'],
        icon: PersonOff,
      },
      {
        id: 'roles',
        labelKey: 'navigation.items.roles',
        path: paths.roles.path,
        required: ['index.role'],
        isExact: true,
        icon: Badge,
      },
      {
        id: 'outbox',
        labelKey: 'navigation.items.outbox',
        path: paths.outbox.path,
        // Every mailed link (account confirmations, password resets) is readable there.
        roles: 'superAdmin',
        icon: MarkEmailRead,
      },
      {
        id: 'repository-pointers',
        labelKey: 'navigation.items.repositoryPointers',
        path: paths.repositoryPointers.path,
        // The platform's deliveries are the superadmin's to follow, like the outbox (decision 044).
        roles: 'superAdmin',
        icon: CloudSync,
      },
      {
        id: 'event-log',
        labelKey: 'navigation.items.eventLog',
        path: paths.eventLog.path,
        // The server answers the superAdmin role group alone (decision 050).
        roles: 'superAdmin',
        icon: History,
      },
      {
        id: 'workspaces',
        labelKey: 'navigation.items.workspaces',
        path: paths.workspaces.path,
        // The server answers only the superAdmin role group (docs/decisions/011).
        roles: 'superAdmin',
        icon: Workspaces,
      },
      {
        id: 'oauth-clients',
        labelKey: 'navigation.items.oauthClients',
        path: paths.oauthClients.path,
        // The registry of external apps is the superadmin's alone (docs/decisions/017).
        roles: 'superAdmin',
        icon: Apps,
      },
    ],
  },
  {
    id: 'digital-signature',
    labelKey: 'navigation.groups.digitalSignature',
    items: [
      {
        id: 'dashboard',
        labelKey: 'navigation.items.dashboard',
        searchWordsKey: 'navigation.searchWords.dashboard',
        path: paths.dashboard.path,
        required: ['dashboard.medical'],
        icon: Dashboard,
      },
      {
        id: 'prescriptions',
        labelKey: 'navigation.items.prescriptions',
        searchWordsKey: 'navigation.searchWords.prescriptions',
        path: paths.prescriptions.path,
        required: ['index.prescription'],
        needsWorkspace: true,
        icon: ReceiptLong,
      },
      {
        id: 'medicals',
        labelKey: 'navigation.items.medicals',
        searchWordsKey: 'navigation.searchWords.medicals',
        path: paths.medicals.path,
        required: ['index.medical'],
        icon: LocalHospital,
      },
      {
        id: 'my-profile',
        labelKey: 'navigation.items.myProfile',
        path: paths.myProfile.path,
        required: ['owner.prescription'],
        icon: AccountCircle,
      },
      {
        id: 'my-integrations',
        labelKey: 'navigation.items.myIntegrations',
        path: paths.myIntegrations.path,
        required: ['owner.prescription'],
        icon: Extension,
      },
      {
        id: 'my-prescriptions',
        labelKey: 'navigation.items.myPrescriptions',
        searchWordsKey: 'navigation.searchWords.myPrescriptions',
        path: paths.myPrescriptions.path,
        required: ['owner.prescription'],
        needsWorkspace: true,
        icon: Description,
      },
      {
        id: 'my-patients',
        labelKey: 'navigation.items.myPatients',
        path: paths.myPatients.path,
        required: ['index.patient'],
        needsWorkspace: true,
        icon: Groups,
      },
      {
        id: 'scanner',
        labelKey: 'navigation.items.scanner',
        searchWordsKey: 'navigation.searchWords.scanner',
        path: paths.scanner.path,
        required: ['index.scan'],
        icon: QrCodeScanner,
      },
    ],
  },
  {
    id: 'antigens',
    labelKey: 'navigation.groups.antigens',
    required: ['index.employee', 'owner.employee'],
    items: [
      { id: 'owners', labelKey: 'navigation.items.owners', path: paths.owners.path, required: ['index.owner'], icon: Business },
      {
        id: 'my-employees',
        labelKey: 'navigation.items.myEmployees',
        path: paths.myEmployees.path,
        required: ['owner.employee'],
        icon: MedicalServices,
      },
    ],
  },
];

/**
 * The menu as this user sees it: items they lack permission for are hidden, and a group
 * shows only when its own requirement passes and at least one of its items is visible.
 */
export function visibleNavigation(config: readonly NavigationGroup[], viewer: Viewer): NavigationGroup[] {
  const user = viewer.user ?? null;
  const canSee = (item: NavigationItem) => isAllowed(item.required, viewer.scope)
    && (item.roles === undefined || isFirstRoleIn(item.roles, user))
    && (!item.needsWorkspace || isWorkspaceMember(user));
  return config
    .filter((group) => isAllowed(group.required, viewer.scope))
    .map((group) => ({ ...group, items: group.items.filter(canSee) }))
    .filter((group) => group.items.length > 0);
}

/**
 * Menu items matching every word of the query, in any order and ignoring case and accents: a
 * word inside the label ("escaner" finds "Escáner QR") or the start of one of the item's search
 * words ("rece" finds "Prescripciones" by "recetas"). Filtered like the menu and cut to the
 * spec's suggestion limit.
 */
export function searchNavigation(
  config: readonly NavigationGroup[],
  viewer: Viewer,
  query: string,
  translate: (key: NavigationTextKey) => string,
): NavigationItem[] {
  const words = wordsOf(query);
  if (words.length === 0) return [];
  const matches = (item: NavigationItem) => {
    const label = normalize(translate(item.labelKey));
    const searchWords = item.searchWordsKey ? wordsOf(translate(item.searchWordsKey)) : [];
    return words.every((word) => label.includes(word) || searchWords.some((other) => other.startsWith(word)));
  };
  return visibleNavigation(config, viewer)
    .flatMap((group) => group.items)
    .filter(matches)
    .slice(0, limits.navigationSearchSuggestions);
}

/** Whether the menu entry stands for the page at `pathname`: its own path, or a page under it unless it is exact. */
export function isCurrentItem(item: Pick<NavigationItem, 'path' | 'isExact'>, pathname: string): boolean {
  return pathname === item.path || (!item.isExact && pathname.startsWith(`${item.path}/`));
}

function wordsOf(text: string): string[] {
  return normalize(text).split(/\s+/).filter(Boolean);
}

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

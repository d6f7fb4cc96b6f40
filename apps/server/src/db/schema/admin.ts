import type { Generated } from 'kysely';

export interface OrgTable {
  id: Generated<number>;
  name: string;
  type: string;
  parent_id: number | null;
  path: string;
  sort: number;
  admin_user_id: Generated<number | null>;
  created_at: number;
}

export interface ResourceGroupTable {
  id: Generated<number>;
  name: string;
  description: string;
  sort: number;
  created_at: number;
}

export interface ResourceTable {
  id: Generated<number>;
  group_id: number;
  parent_id: number | null;
  code: string;
  name: string;
  description: string;
  level: number;
  sort: number;
  path: string;
  /** The route of a page resource in the web app. */
  page_path: string | null;
  created_at: number;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  kind: string;
  org_id: number;
  creator_org_id: number | null;
  sort: number;
  created_at: number;
}

export interface RoleResourceTable {
  role_id: number;
  resource_id: number;
}

export interface OrgResourceTable {
  org_id: number;
  resource_id: number;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface WarnSettingTable {
  run_id: number;
  tag_code: string;
  enabled: number;
  notify: number;
  low_alarm: number | null;
  low_warn: number | null;
  high_warn: number | null;
  high_alarm: number | null;
  delay_s: number;
  updated_by: number | null;
  updated_at: number;
}

declare module '../schema.js' {
  interface Database {
    orgs: OrgTable;
    resource_groups: ResourceGroupTable;
    resources: ResourceTable;
    roles: RoleTable;
    role_resources: RoleResourceTable;
    org_resources: OrgResourceTable;
    user_roles: UserRoleTable;
    warn_settings: WarnSettingTable;
  }
}

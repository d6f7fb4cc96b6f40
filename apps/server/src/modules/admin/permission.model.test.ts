import { adminContract, endpointUrl, projectContract } from '@boreline/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

const CODES = ['admin.org.read', 'admin.role.read', 'menu.admin.user', 'admin.warnSetting.read'] as const;

/** The reference: a few maps and the decision rule written as plainly as possible. */
class Model {
  parent = new Map<number, number | null>();
  acl = new Map<number, Set<string>>();
  roles = new Map<number, { org: number; codes: Set<string> }>();
  userOrg: number | null = null;
  zb = false;
  /** Run id -> its organization. */
  runs = new Map<number, number>();

  ancestors(org: number): number[] {
    const chain: number[] = [];
    for (let at: number | null | undefined = org; at !== null && at !== undefined; at = this.parent.get(at)) chain.unshift(at);
    return chain;
  }
  isWithin(org: number, ancestor: number): boolean {
    return this.ancestors(org).includes(ancestor);
  }
  usableAt(org: number): Set<string> {
    const explicit = this.ancestors(org).filter((o) => this.acl.has(o));
    return this.acl.get(explicit.at(-1) ?? -1) ?? new Set();
  }
  codesAt(org: number): string[] {
    const usable = this.usableAt(org);
    const codes = new Set<string>();
    for (const role of this.roles.values()) if (this.isWithin(org, role.org)) for (const c of role.codes) if (usable.has(c)) codes.add(c);
    return [...codes].sort();
  }
  userCodes(): string[] {
    return this.userOrg === null ? [] : this.codesAt(this.userOrg);
  }
  /** Where a run is checked: its organization, or the second level above it for `zb` users. */
  checkOrg(run: number): number {
    const org = this.runs.get(run) ?? -1;
    const chain = this.ancestors(org);
    return this.zb ? (chain[1] ?? chain[0] ?? org) : org;
  }
  visibleRuns(): number[] {
    if (this.userOrg === null) return [];
    return [...this.runs.keys()].filter((r) => this.codesAt(this.checkOrg(r)).length > 0).sort((x, y) => x - y);
  }
  subtree(org: number): number[] {
    return [...this.parent.keys()].filter((o) => this.isWithin(o, org));
  }
}

type Command =
  | { kind: 'addOrg'; parent: number }
  | { kind: 'acl'; org: number; codes: string[]; overwriteLower: boolean }
  | { kind: 'roleCodes'; role: number; codes: string[] }
  | { kind: 'move'; org: number; parent: number }
  | { kind: 'delete'; org: number }
  | { kind: 'addRun'; org: number }
  | { kind: 'zb'; on: boolean };

const codeSet = fc.subarray([...CODES]);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('addOrg' as const), parent: fc.nat(9) }),
  fc.record({ kind: fc.constant('acl' as const), org: fc.nat(9), codes: codeSet, overwriteLower: fc.boolean() }),
  fc.record({ kind: fc.constant('roleCodes' as const), role: fc.nat(1), codes: codeSet }),
  fc.record({ kind: fc.constant('move' as const), org: fc.nat(9), parent: fc.nat(9) }),
  fc.record({ kind: fc.constant('delete' as const), org: fc.nat(9) }),
  fc.record({ kind: fc.constant('addRun' as const), org: fc.nat(9) }),
  fc.record({ kind: fc.constant('zb' as const), on: fc.boolean() }),
);

/** Checks where the user held at least one resource: a run of only empty sets would prove little. */
let nonEmptyChecks = 0;
let runChecks = 0;
let runAllows = 0;

async function run(commands: Command[]): Promise<void> {
  const t: TestApp = await createTestApp();
  try {
    const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.90.0.1' });
    const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object) =>
      envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
    const model = new Model();
    const root = ((await post(adminContract.orgQuery, {})).data as { id: number }[])[0]?.id ?? 1;
    model.parent.set(root, null);
    const orgs = [root];
    const addOrg = async (parent: number) => {
      const body = await post(adminContract.orgAdd, { parentId: parent, name: 'o', type: 'organization', sort: 1 });
      const id = (body.data as { id: number }).id;
      model.parent.set(id, parent);
      orgs.push(id);
      return id;
    };
    const top = await addOrg(root);
    const userOrg = await addOrg(top);
    const roleIds: number[] = [];
    for (const org of [top, userOrg]) {
      const role = (await post(adminContract.roleAdd, { name: 'r', kind: 'custom', orgId: org, sort: 1 })).data as { id: number };
      roleIds.push(role.id);
      model.roles.set(role.id, { org, codes: new Set() });
    }
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: userOrg }).where('id', '=', user.id).execute();
    model.userOrg = userOrg;
    await post(adminContract.userAssignRoles, { userId: user.id, roleIds });
    // Start from a state where the user holds resources, so the commands have something to change.
    await post(adminContract.orgResourcesEdit, { orgId: top, codes: [...CODES] });
    model.acl.set(top, new Set(CODES));
    for (const [index, roleId] of roleIds.entries()) {
      const codes = CODES.filter((c, i) => i % 2 === index || c === 'admin.warnSetting.read');
      await post(adminContract.roleResourcesUpdate, { roleId, codes });
      const role = model.roles.get(roleId);
      if (role) role.codes = new Set(codes);
    }

    /** The user's resources, visible runs and one object-level check per run, against the model. */
    const verify = async (step: number, what: string) => {
      const token = await signIn(t.app, user.phone, user.password, { ip: `10.91.${Math.floor(step / 200)}.${step % 200}` });
      const info = envelope(await call(t.app, 'POST', '/server_main/u/web/sys/user/queryUserInfo/v1', { token, payload: {} }));
      const actual = (info.data as { resources: string[] }).resources.filter((r) => (CODES as readonly string[]).includes(r));
      expect(actual, `after step ${step}: ${what}`).toEqual(model.userCodes());
      if (actual.length > 0) nonEmptyChecks += 1;
      // Runs: which the user sees, and the object-level check of one resource at each run (zb-aware).
      const visible = envelope(await call(t.app, 'GET', endpointUrl(projectContract.runQueryProject), { token }));
      const seen = (visible.data as { runId: number }[]).map((r) => r.runId).sort((x, y) => x - y);
      expect(seen, `runs after step ${step}: ${what}`).toEqual(model.visibleRuns());
      for (const runId of model.runs.keys()) {
        const page = envelope(await call(t.app, 'POST', endpointUrl(adminContract.warnSettingPage), { token, payload: { runId, pageSize: 1 } }));
        // The route's gate checks the resource at the user's own organization, the service at the run's.
        const code = 'admin.warnSetting.read';
        const expected = model.userCodes().includes(code) && model.codesAt(model.checkOrg(runId)).includes(code);
        expect(page.code, `run ${runId} after step ${step}: ${what}`).toBe(expected ? 0 : 2);
        runChecks += 1;
        if (expected) runAllows += 1;
      }
    };
    // A run of the user's own organization from the start, so every pass has allowed run checks.
    model.runs.set(await buildRun(t.db, userOrg), userOrg);
    await verify(0, 'initial state');

    let step = 0;
    for (const c of commands) {
      step += 1;
      const pick = (i: number) => orgs[i % orgs.length] ?? root;
      if (c.kind === 'addOrg' && model.parent.has(pick(c.parent))) await addOrg(pick(c.parent));
      if (c.kind === 'acl' && model.parent.has(pick(c.org))) {
        const org = pick(c.org);
        expect((await post(adminContract.orgResourcesEdit, { orgId: org, codes: c.codes, overwriteLower: c.overwriteLower })).code).toBe(0);
        if (c.overwriteLower) for (const o of model.subtree(org)) if (o !== org) model.acl.delete(o);
        if (c.codes.length > 0) model.acl.set(org, new Set(c.codes));
        else model.acl.delete(org);
      }
      if (c.kind === 'roleCodes') {
        const roleId = roleIds[c.role] ?? 0;
        const role = model.roles.get(roleId);
        if (role) {
          const body = await post(adminContract.roleResourcesUpdate, { roleId, codes: c.codes });
          const usable = model.usableAt(role.org);
          const allowed = c.codes.every((code) => usable.has(code));
          expect(body.code, body.msg).toBe(allowed ? 0 : 3);
          if (allowed) role.codes = new Set(c.codes);
        }
      }
      if (c.kind === 'move' && model.parent.has(pick(c.org)) && model.parent.has(pick(c.parent))) {
        const org = pick(c.org);
        const parent = pick(c.parent);
        const body = await post(adminContract.orgTransfer, { id: org, parentId: parent });
        const refused = org === root || model.isWithin(parent, org);
        expect(body.code, body.msg).toBe(refused ? 3 : 0);
        if (!refused) model.parent.set(org, parent);
      }
      if (c.kind === 'addRun' && model.parent.has(pick(c.org))) {
        const org = pick(c.org);
        model.runs.set(await buildRun(t.db, org), org);
      }
      if (c.kind === 'zb') {
        await t.db.kysely.updateTable('users').set({ is_zb: c.on ? 1 : 0 }).where('id', '=', user.id).execute();
        model.zb = c.on;
      }
      if (c.kind === 'delete' && model.parent.has(pick(c.org))) {
        const org = pick(c.org);
        const body = await post(adminContract.orgDelete, { id: org });
        // The root stays, and so does any organization whose subtree holds a project's runs.
        const holdsRuns = [...model.runs.values()].some((o) => model.isWithin(o, org));
        expect(body.code, body.msg).toBe(org === root || holdsRuns ? 3 : 0);
        if (org !== root && !holdsRuns) {
          const gone = new Set(model.subtree(org));
          for (const o of gone) {
            model.parent.delete(o);
            model.acl.delete(o);
          }
          for (const [id, role] of model.roles) if (gone.has(role.org)) model.roles.delete(id);
          if (model.userOrg !== null && gone.has(model.userOrg)) model.userOrg = null;
        }
      }
      await verify(step, JSON.stringify(c));
    }
  } finally {
    await t.close();
  }
}

describe('permission model against a reference model', () => {
  it('agrees after any sequence of grants, overwrites, moves and deletions', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        runs += 1;
        await run(commands);
      }),
      { numRuns: 15, endOnFailure: true },
    );
    console.log(
      `permission model: ${runs} runs, 0 divergences, ${nonEmptyChecks} checks with resources held, ${runChecks} run checks (${runAllows} allowed)`,
    );
    expect(nonEmptyChecks).toBeGreaterThan(0);
    expect(runAllows).toBeGreaterThan(0);
  }, 120_000);
});

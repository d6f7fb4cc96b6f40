import { adminContract as c } from '@boreline/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { AclService } from './acl.service.js';
import type { UserAdminService } from './user.service.js';

export function registerAclRoutes(
  app: FastifyInstance,
  { acl, users }: { acl: AclService; users: UserAdminService },
  options: { validateResponses: boolean },
): void {
  registerEndpoint(app, c.userPage, async ({ input, request }) => users.page(requireAuth(request), input), options);
  registerEndpoint(app, c.userForSelect, async ({ input, request }) => users.forSelect(requireAuth(request), input.orgId), options);
  registerEndpoint(app, c.userRoles, async ({ input, request }) => users.roles(requireAuth(request), input.userId), options);
  registerEndpoint(app, c.userRunOptions, async ({ request }) => users.runOptions(requireAuth(request)), options);
  registerEndpoint(
    app,
    c.userAdd,
    async ({ input, request, setMessage }) => {
      const user = await users.add(requireAuth(request), input);
      setMessage('common.outcome.addSuccess');
      return user;
    },
    options,
  );
  registerEndpoint(
    app,
    c.userEdit,
    async ({ input, request, setMessage }) => {
      const user = await users.edit(requireAuth(request), input);
      setMessage('common.outcome.editSuccess');
      return user;
    },
    options,
  );
  registerEndpoint(
    app,
    c.userDelete,
    async ({ input, request, setMessage }) => {
      await users.remove(requireAuth(request), input.id);
      setMessage('common.outcome.deleteSuccess');
      return null;
    },
    options,
  );
  registerEndpoint(app, c.roleList, async ({ input, request }) => acl.listRoles(requireAuth(request), input), options);
  registerEndpoint(
    app,
    c.roleAdd,
    async ({ input, request, setMessage }) => {
      const role = await acl.addRole(requireAuth(request), input);
      setMessage('common.outcome.addSuccess');
      return role;
    },
    options,
  );
  registerEndpoint(
    app,
    c.roleEdit,
    async ({ input, request, setMessage }) => {
      const role = await acl.editRole(requireAuth(request), input);
      setMessage('common.outcome.editSuccess');
      return role;
    },
    options,
  );
  registerEndpoint(
    app,
    c.roleDelete,
    async ({ input, request, setMessage }) => {
      await acl.deleteRole(requireAuth(request), input.id);
      setMessage('common.outcome.deleteSuccess');
      return null;
    },
    options,
  );
  registerEndpoint(app, c.roleUsers, async ({ input, request }) => acl.roleUsers(requireAuth(request), input.roleId), options);
  registerEndpoint(app, c.roleResources, async ({ input, request }) => acl.roleResources(requireAuth(request), input.roleId), options);
  registerEndpoint(
    app,
    c.roleResourcesUpdate,
    async ({ input, request, setMessage }) => {
      const result = await acl.setRoleResources(requireAuth(request), input);
      setMessage('common.outcome.setSuccess');
      return result;
    },
    options,
  );
  registerEndpoint(app, c.orgResources, async ({ input, request }) => acl.orgResources(requireAuth(request), input.orgId), options);
  registerEndpoint(
    app,
    c.orgResourcesEdit,
    async ({ input, request, setMessage }) => {
      const result = await acl.setOrgResources(requireAuth(request), input);
      setMessage('common.outcome.setSuccess');
      return result;
    },
    options,
  );
  registerEndpoint(
    app,
    c.orgResourcesEditSingle,
    async ({ input, request, setMessage }) => {
      const result = await acl.setOrgResource(requireAuth(request), input);
      setMessage('common.outcome.setSuccess');
      return result;
    },
    options,
  );
  registerEndpoint(
    app,
    c.userAssignRoles,
    async ({ input, request, setMessage }) => {
      const result = await acl.assignRoles(requireAuth(request), input);
      setMessage('common.outcome.setSuccess');
      return result;
    },
    options,
  );
}

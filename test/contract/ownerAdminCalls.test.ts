/**
 * The office's owner page's calls (src/features/ownerAdmin/api.ts) and the owners list's totals
 * (src/features/roster/api.ts), made with the real ApiClient against the real backend: what the
 * page sends is what the server takes, its refusals are the ones the page words, and a deactivated
 * owner's sign-in is refused with the code the login page reads.
 */
import { OWNER_DEACTIVATED_CODE } from '../../contract';
import { deactivateOwner, editOwner, getOwner, getOwnerTotals, reactivateOwner } from '../../src/features/ownerAdmin/api';
import { getOwnerTotals as getListTotals } from '../../src/features/roster/api';
import { getAudit } from '../../src/features/studentEdit/api';
import { DEMO, startTestServer, userIds, type TestServer } from '../../server/test/harness';
import { appClient, failure, signedInClient } from './appClients';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ dialect: 'sqlite' });
});
afterAll(async () => {
  await server?.close();
});

test('the office edits an owner, hands her students over as it deactivates her, and reactivates her; she is refused in between', async () => {
  const ids = await userIds(server);
  const dana = ids.get('dana')!.id;
  const lee = ids.get('lee')!.id;
  const admin = await signedInClient(server, 'admin');

  const totals = await getListTotals.send(admin.api);
  expect(totals.find((row) => row.ownerId === dana)).toMatchObject({ status: 'active', students: expect.any(Number), activeStudentsThisMonth: expect.any(Number), meetingsThisMonth: expect.any(Number) });
  expect(await getOwnerTotals.send(admin.api)).toEqual(totals);
  const before = await getOwner.send(admin.api, dana);
  expect(before).toMatchObject({ ownerId: dana, username: 'dana', status: 'active', deactivatedAt: null });

  // Only what changed is sent; a taken e-mail and a refused field are the refusals the form words (ownerEdit.ts fieldOfRefusal).
  expect(await editOwner.send(admin.api, dana, { territory: 'North' })).toMatchObject({ territory: 'North', firstName: before.firstName });
  const taken = await failure(editOwner.send(admin.api, dana, { email: DEMO.lee.email }));
  expect(taken).toMatchObject({ kind: 'rejected', status: 409, code: 'already_exists' });
  const refused = await failure(editOwner.send(admin.api, dana, { firstName: '<b>' }));
  expect(refused).toMatchObject({ kind: 'rejected', status: 400, params: { firstName: expect.any(String) } });

  const leeBefore = await getOwner.send(admin.api, lee);
  const deactivated = await deactivateOwner.send(admin.api, dana, { students: 'hand_over', toOwnerId: lee });
  expect(deactivated).toMatchObject({ status: 'deactivated', students: 0, deactivatedAt: expect.any(String) });
  expect((await getOwner.send(admin.api, lee)).students).toBe(leeBefore.students + before.students);
  expect(await failure(appClient(server).api.login(DEMO.dana.username, DEMO.dana.password))).toMatchObject({ kind: 'rejected', status: 403, code: OWNER_DEACTIVATED_CODE });

  expect(await reactivateOwner.send(admin.api, dana)).toMatchObject({ status: 'active', deactivatedAt: null });
  await signedInClient(server, 'dana');

  // What the audit log shows for her (auditFormat.ts names these fields).
  const page = await getAudit.send(admin.api, { owner: dana, action: 'owner.edit' });
  expect(page.entries[0]).toMatchObject({ action: 'owner.edit', before: { territory: expect.any(String) }, after: { territory: 'North' } });

  const owner = await signedInClient(server, 'lee');
  expect(await failure(getOwner.send(owner.api, dana))).toMatchObject({ kind: 'rejected', status: 403 });
});

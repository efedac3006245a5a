import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { DataSource } from 'typeorm';
import { MAX_ATTACHMENT_BYTES } from '../src/claims/claim-lifecycle.js';
import { REFUSED_UPLOAD_DRAIN_BYTES } from '../src/common/uploads.js';
import { samplePdf, sampleJpeg, samplePng } from '../src/claims/evidence/evidence-samples.js';
import type { Partner } from '../src/partners/partner.entity.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import {
  evidenceForm,
  insertAttachment,
  insertClaim,
  type InsertedClaim,
  multipartBody,
  setClaimStatus,
} from './support/claim-fixtures.js';
import { bearerOf, createPartner } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

const MB = 1024 * 1024;
const onPostgres = (process.env.TEST_DATABASE_URL ?? '') === '' ? it.skip : it;

/** A Windows executable's first bytes (the `MZ` header and the PE stub's text), padded. */
function fakeExe(): Buffer {
  const stub = Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1');
  const text = Buffer.from('This program cannot be run in DOS mode.\r\r\n$', 'latin1');
  return Buffer.concat([stub, Buffer.alloc(48), text, Buffer.alloc(512)]);
}

/** A minimal WebP header (RIFF … WEBPVP8 ), enough for the magic-byte check. */
function fakeWebp(): Buffer {
  const body = Buffer.concat([Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(64)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body]);
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * Claim evidence (issue #9, "must be shown" 4; docs/api.md, Attachment): what is accepted, what is
 * refused and how, the download's headers, tenant isolation, the 10-file limit under concurrency, and
 * an oversized upload refused while it streams.
 */
describe('claim evidence', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let partner: Partner;
  let other: Partner;
  const tokens: Record<'manager' | 'admin' | 'viewer' | 'staff' | 'otherManager', string> = {
    manager: '',
    admin: '',
    viewer: '',
    staff: '',
    otherManager: '',
  };
  let managerId: string;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: { ...CHEAP_ARGON2 } });
    dataSource = api.app.get(DataSource);
    partner = await createPartner(dataSource, 'evidence');
    other = await createPartner(dataSource, 'evidence-other');
    const stamp = Date.now().toString(36);
    const users = {
      manager: [{ slug: partner.slug, role: 'manager' as const }],
      admin: [{ slug: partner.slug, role: 'admin' as const }],
      viewer: [{ slug: partner.slug, role: 'viewer' as const }],
      staff: [],
      otherManager: [{ slug: other.slug, role: 'manager' as const }],
    };
    for (const [who, memberships] of Object.entries(users)) {
      const email = `${who.toLowerCase()}.${stamp}@evidence.example`;
      const id = await createUser(dataSource, email, 'not-a-hash', memberships, {
        isStaff: who === 'staff',
      });
      if (who === 'manager') managerId = id;
      tokens[who as keyof typeof tokens] = await bearerOf(api, email);
    }
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const base = (slug = partner.slug) => `/api/partners/${slug}/claims`;

  function upload(
    claimId: string,
    form: { payload: Buffer; headers: Record<string, string> },
    token = tokens.manager,
    slug = partner.slug,
  ) {
    return api.request({
      method: 'POST',
      url: `${base(slug)}/${claimId}/attachments`,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
  }

  const get = (url: string, token = tokens.viewer) =>
    api.request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  const draft = (partnerId = partner.id, type: 'other' | 'lost' = 'other') =>
    insertClaim(dataSource, partnerId, { type, createdByUserId: managerId });

  /** Rows of the evidence tables and events of a claim: unchanged by every refused upload. */
  async function footprint(claim: InsertedClaim) {
    const [row] = (await dataSource.query(
      `SELECT
         (SELECT count(*)::int FROM claim_attachments WHERE partner_id = $1 AND claim_id = $2) AS attachments,
         (SELECT count(*)::int FROM claim_evidence_blobs WHERE partner_id = $1) AS blobs,
         (SELECT count(*)::int FROM claim_events WHERE partner_id = $1 AND claim_id = $2) AS events,
         (SELECT version FROM claims WHERE partner_id = $1 AND id = $2) AS version`,
      [partner.id, claim.id],
    )) as Array<Record<string, number>>;
    return row;
  }

  describe('an accepted upload', () => {
    it('answers 201 with the Attachment, writes an attachment event, and leaves the version alone', async () => {
      const claim = await draft();
      const png = samplePng();

      const response = await upload(claim.id, evidenceForm('carton.png', png, 'image/png'));

      expect(response.statusCode).toBe(201);
      const attachment = response.json<Record<string, unknown>>();
      expect(attachment).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        filename: 'carton.png',
        contentType: 'image/png',
        size: png.length,
        sha256: sha256(png),
        uploadedBy: { id: managerId, name: expect.any(String) },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const events = (await dataSource.query(
        `SELECT kind, body, actor_user_id FROM claim_events WHERE partner_id = $1 AND claim_id = $2 ORDER BY at, id`,
        [partner.id, claim.id],
      )) as Array<Record<string, string>>;
      expect(events.at(-1)).toEqual({
        kind: 'attachment',
        body: 'carton.png',
        actor_user_id: managerId,
      });
      expect((await footprint(claim))?.version).toBe(1);
    });

    it('judges the type by the bytes, whatever the name or declared type: PNG, JPEG, PDF, WebP', async () => {
      const claim = await draft();
      const files: Array<[string, Buffer, string]> = [
        ['photo.jpeg', sampleJpeg(), 'image/jpeg'],
        ['packing-list.pdf', samplePdf(['Packing list']), 'application/pdf'],
        ['scan.webp', fakeWebp(), 'image/webp'],
        // A PNG named .pdf and sent as text/plain is still a PNG.
        ['invoice.pdf', samplePng(), 'image/png'],
      ];
      for (const [name, content, type] of files) {
        const response = await upload(claim.id, evidenceForm(name, content, 'text/plain'));
        expect([
          name,
          response.statusCode,
          response.json<{ contentType: string }>().contentType,
        ]).toEqual([name, 201, type]);
      }
    });

    it('accepts a file of exactly 10 MB', async () => {
      const claim = await draft();
      const content = Buffer.alloc(MAX_ATTACHMENT_BYTES);
      samplePng().copy(content);

      const response = await upload(claim.id, evidenceForm('big.png', content));

      expect(response.statusCode).toBe(201);
      expect(response.json<{ size: number }>().size).toBe(MAX_ATTACHMENT_BYTES);
    });

    it('keeps a UTF-8 name as sent (NFC) and offers it back in the download', async () => {
      const claim = await draft();
      const name = 'Schaden – Karton Übergröße 日本.jpg';

      const response = await upload(claim.id, evidenceForm(name.normalize('NFD'), sampleJpeg()));

      expect(response.statusCode).toBe(201);
      const { id, filename } = response.json<{ id: string; filename: string }>();
      expect(filename).toBe(name.normalize('NFC'));
      const download = await get(`${base()}/${claim.id}/attachments/${id}`);
      const disposition = String(download.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe(name.normalize('NFC'));
    });

    it('takes evidence while information is requested, too', async () => {
      const claim = await insertClaim(dataSource, partner.id, { status: 'info_requested' });
      const response = await upload(claim.id, evidenceForm('more.pdf', samplePdf()), tokens.admin);
      expect(response.statusCode).toBe(201);
    });
  });

  describe('refused uploads (each a clear 4xx, nothing written)', () => {
    let claim: InsertedClaim;

    beforeAll(async () => {
      claim = await draft();
    });

    async function expectRefused(
      response: Awaited<ReturnType<typeof upload>>,
      status: number,
      code: string,
    ) {
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status, code });
    }

    it('an .exe renamed .pdf: 415 unsupported_media_type', async () => {
      const before = await footprint(claim);
      const response = await upload(
        claim.id,
        evidenceForm('invoice.pdf', fakeExe(), 'application/pdf'),
      );
      await expectRefused(response, 415, 'unsupported_media_type');
      expect(await footprint(claim)).toEqual(before);
    });

    it('a text file: 415', async () => {
      const response = await upload(
        claim.id,
        evidenceForm('notes.pdf', Buffer.from('just some words, not a PDF at all')),
      );
      await expectRefused(response, 415, 'unsupported_media_type');
    });

    it('a file over 10 MB: 413 file_too_large', async () => {
      const before = await footprint(claim);
      const content = Buffer.alloc(MAX_ATTACHMENT_BYTES + 1);
      samplePng().copy(content);
      const form = evidenceForm('huge.png', content);
      // Declared honestly, the body passes the early length check; the stream check refuses it.
      const response = await upload(claim.id, form);
      await expectRefused(response, 413, 'file_too_large');
      expect(response.json<{ errors: unknown[] }>().errors).toEqual([
        { field: 'file', message: expect.stringContaining(String(MAX_ATTACHMENT_BYTES)) },
      ]);
      expect(await footprint(claim)).toEqual(before);
    });

    it.each([
      ['../../etc/passwd.png'],
      ['/etc/passwd.png'],
      ['C:\\fakepath\\photo.png'],
      ['photos/photo.png'],
      ['..'],
      ['bell\u0007.png'],
      ['tab\there.png'],
      ['gpj\u202Eexe.png'],
      [' '],
      ['x'.repeat(252) + '.png'],
    ])('a file name %j: 400 validation on file', async (filename) => {
      const before = await footprint(claim);
      const response = await upload(claim.id, evidenceForm(filename, samplePng()));
      await expectRefused(response, 400, 'validation');
      expect(response.json<{ errors: Array<{ field: string }> }>().errors[0]?.field).toBe('file');
      expect(await footprint(claim)).toEqual(before);
    });

    it('a zero-byte file: 400 validation', async () => {
      const response = await upload(claim.id, evidenceForm('empty.png', Buffer.alloc(0)));
      await expectRefused(response, 400, 'validation');
      expect(response.json<{ errors: unknown[] }>().errors).toEqual([
        { field: 'file', message: 'file is empty' },
      ]);
    });

    it('no multipart body, no file, another field, two files: 400 validation', async () => {
      const before = await footprint(claim);
      const json = await api.request({
        method: 'POST',
        url: `${base()}/${claim.id}/attachments`,
        headers: { authorization: `Bearer ${tokens.manager}` },
        payload: { file: 'x' },
      });
      const png = samplePng();
      const forms = [
        multipartBody([]),
        multipartBody([{ name: 'note', content: 'hello' }]),
        multipartBody([{ name: 'photo', filename: 'a.png', content: png }]),
        multipartBody([
          { name: 'file', filename: 'a.png', content: png },
          { name: 'file', filename: 'b.png', content: png },
        ]),
        multipartBody([
          { name: 'file', filename: 'a.png', content: png },
          { name: 'note', content: 'hello' },
        ]),
      ];
      const responses = [json, ...(await Promise.all(forms.map((form) => upload(claim.id, form))))];
      for (const response of responses) await expectRefused(response, 400, 'validation');
      expect(await footprint(claim)).toEqual(before);
    });

    it('an upload to a submitted (or any closed) claim: 409 evidence_closed', async () => {
      for (const status of [
        'submitted',
        'in_review',
        'approved',
        'rejected',
        'paid',
        'withdrawn',
      ] as const) {
        const closed = await insertClaim(dataSource, partner.id, { status });
        const response = await upload(closed.id, evidenceForm('late.png', samplePng()));
        await expectRefused(response, 409, 'evidence_closed');
      }
    });

    it('an 11th file: 409 too_many_attachments', async () => {
      const full = await draft();
      for (let index = 1; index <= 10; index += 1) {
        const response = await upload(full.id, evidenceForm(`photo-${index}.png`, samplePng()));
        expect(response.statusCode).toBe(201);
      }
      const before = await footprint(full);
      const response = await upload(full.id, evidenceForm('photo-11.png', samplePng()));
      await expectRefused(response, 409, 'too_many_attachments');
      expect(await footprint(full)).toEqual(before);
    });

    // On PostgreSQL: the embedded PGlite's socket server interleaves concurrent connections' extended-
    // protocol messages outside transactions (each message is queued alone), so parallel requests
    // there can read each other's statements; that is a property of the embedded default, not of this.
    onPostgres(
      'holds the 10-file limit under concurrency: 25 parallel uploads, exactly 10 stored',
      async () => {
        const racing = await draft();
        const responses = await Promise.all(
          Array.from({ length: 25 }, (_, index) =>
            upload(racing.id, evidenceForm(`race-${index}.png`, samplePng())),
          ),
        );
        const statuses = responses.map((response) => response.statusCode).sort();
        expect(statuses.filter((status) => status === 201)).toHaveLength(10);
        expect(statuses.filter((status) => status === 409)).toHaveLength(15);
        expect((await footprint(racing))?.attachments).toBe(10);
      },
    );

    onPostgres(
      'checks the status again under the claim’s lock: an upload that waited for a submit is refused',
      async () => {
        const racing = await draft();
        const before = await footprint(racing);
        const submit = dataSource.createQueryRunner();
        await submit.connect();
        await submit.startTransaction();
        await submit.query(
          `SELECT id FROM claims WHERE partner_id = $1 AND id = $2 FOR NO KEY UPDATE`,
          [partner.id, racing.id],
        );
        const pending = upload(racing.id, evidenceForm('late.png', samplePng()));
        // The upload passed its early check (a draft) and now waits for the claim's row lock.
        let waiting = false;
        for (let tries = 0; tries < 100 && !waiting; tries += 1) {
          const [row] = (await dataSource.query(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )) as Array<{ waiting: number }>;
          waiting = (row?.waiting ?? 0) > 0;
          if (!waiting) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(waiting).toBe(true);
        await submit.query(
          `UPDATE claims SET status = 'submitted', version = version + 1 WHERE partner_id = $1 AND id = $2`,
          [partner.id, racing.id],
        );
        await submit.commitTransaction();
        await submit.release();

        const response = await pending;

        await expectRefused(response, 409, 'evidence_closed');
        expect(await footprint(racing)).toEqual({ ...before, version: 2 });
      },
    );

    onPostgres(
      'a submit that waited for the removal of the last photo sees it gone: 422 claim_incomplete',
      async () => {
        const [item] = (await dataSource.query(
          `INSERT INTO inventory_items (partner_id, sku, name, category, warehouse, unit_value)
           VALUES ($1, $2, 'Racing tent', 'Tents', 'Berlin', 1000) RETURNING id`,
          [partner.id, `RACE-${Date.now().toString(36)}`],
        )) as Array<{ id: string }>;
        const damaged = await insertClaim(dataSource, partner.id, {
          type: 'damaged',
          itemId: item?.id,
          createdByUserId: managerId,
        });
        const photo = await insertAttachment(dataSource, partner.id, damaged.id, {
          content: samplePng(),
        });
        const removal = dataSource.createQueryRunner();
        await removal.connect();
        await removal.startTransaction();
        await removal.query(
          `SELECT id FROM claims WHERE partner_id = $1 AND id = $2 FOR NO KEY UPDATE`,
          [partner.id, damaged.id],
        );
        await removal.query(`DELETE FROM claim_attachments WHERE partner_id = $1 AND id = $2`, [
          partner.id,
          photo,
        ]);
        const pending = api.request({
          method: 'POST',
          url: `${base()}/${damaged.id}/transitions`,
          headers: { authorization: `Bearer ${tokens.manager}`, 'if-match': '"1"' },
          payload: { action: 'submit' },
        });
        let waiting = false;
        for (let tries = 0; tries < 100 && !waiting; tries += 1) {
          const [row] = (await dataSource.query(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )) as Array<{ waiting: number }>;
          waiting = (row?.waiting ?? 0) > 0;
          if (!waiting) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(waiting).toBe(true);
        await removal.commitTransaction();
        await removal.release();

        const response = await pending;

        await expectRefused(response, 422, 'claim_incomplete');
        const [claim] = (await dataSource.query(
          `SELECT status, version FROM claims WHERE partner_id = $1 AND id = $2`,
          [partner.id, damaged.id],
        )) as Array<{ status: string; version: number }>;
        expect(claim).toEqual({ status: 'draft', version: 1 });
      },
    );

    it('who may upload: manager and admin; viewer and staff 403; a missing claim 404', async () => {
      const form = () => evidenceForm('who.png', samplePng());
      expect((await upload(claim.id, form(), tokens.viewer)).statusCode).toBe(403);
      expect((await upload(claim.id, form(), tokens.staff)).statusCode).toBe(403);
      expect((await upload(claim.id, form(), tokens.admin)).statusCode).toBe(201);
      expect((await upload('00000000-0000-4000-8000-000000000000', form())).statusCode).toBe(404);
      expect((await upload('not-a-uuid', form())).statusCode).toBe(404);
    });

    it('a multipart body on a route that takes none: 415', async () => {
      const form = evidenceForm('x.png', samplePng());
      const response = await api.request({
        method: 'POST',
        url: `/api/partners/${partner.slug}/inventory/00000000-0000-4000-8000-000000000000/movements`,
        headers: { ...form.headers, authorization: `Bearer ${tokens.staff}` },
        payload: form.payload,
      });
      await expectRefused(response, 415, 'unsupported_media_type');
    });
  });

  describe('listing and downloading', () => {
    let claim: InsertedClaim;
    const files = { first: samplePng(), second: samplePdf(['Invoice 42']) };
    const ids: string[] = [];

    beforeAll(async () => {
      claim = await draft();
      for (const [name, content] of Object.entries(files)) {
        const response = await upload(claim.id, evidenceForm(`${name}.bin`, content));
        ids.push(response.json<{ id: string }>().id);
      }
    });

    it('lists a claim’s files oldest first, for any member and staff', async () => {
      for (const token of [tokens.viewer, tokens.staff, tokens.manager]) {
        const response = await get(`${base()}/${claim.id}/attachments`, token);
        expect(response.statusCode).toBe(200);
        expect(
          response.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id),
        ).toEqual(ids);
      }
    });

    it('streams the bytes as an attachment with the stored type and nosniff', async () => {
      const response = await get(`${base()}/${claim.id}/attachments/${ids[1]}`, tokens.staff);

      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(files.second)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="second.bin"; filename*=UTF-8''second.bin`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-length']).toBe(String(files.second.length));
      expect(response.headers['cache-control']).toMatch(/no-store/);
    });

    it('streams a 10 MB file whole, a chunk at a time', async () => {
      const big = await draft();
      const content = Buffer.alloc(MAX_ATTACHMENT_BYTES);
      samplePng().copy(content);
      for (let index = 64; index < content.length; index += 4099) content[index] = index % 251;
      const created = await upload(big.id, evidenceForm('big.png', content));
      const response = await get(
        `${base()}/${big.id}/attachments/${created.json<{ id: string }>().id}`,
      );
      expect(response.statusCode).toBe(200);
      expect(sha256(response.rawPayload)).toBe(sha256(content));
    });

    it('answers 404 for another partner’s claim or attachment, and for an attachment of another claim', async () => {
      const foreignClaim = await draft(other.id);
      const foreign = await upload(
        foreignClaim.id,
        evidenceForm('foreign.png', samplePng()),
        tokens.otherManager,
        other.slug,
      );
      expect(foreign.statusCode).toBe(201);
      const foreignId = foreign.json<{ id: string }>().id;
      const elsewhere = await draft();

      const requests = [
        () => get(`${base()}/${foreignClaim.id}/attachments`, tokens.staff),
        () => get(`${base()}/${foreignClaim.id}/attachments/${foreignId}`, tokens.staff),
        () => get(`${base()}/${claim.id}/attachments/${foreignId}`, tokens.manager),
        () => get(`${base()}/${elsewhere.id}/attachments/${ids[0]}`, tokens.manager),
        () => get(`${base()}/${claim.id}/attachments/not-a-uuid`, tokens.manager),
        () => upload(foreignClaim.id, evidenceForm('x.png', samplePng()), tokens.manager),
        () =>
          api.request({
            method: 'DELETE',
            url: `${base()}/${claim.id}/attachments/${foreignId}`,
            headers: { authorization: `Bearer ${tokens.manager}` },
          }),
        // Reached through its own partner by a member of the other one: not a member, 404.
        () =>
          get(`${base(other.slug)}/${foreignClaim.id}/attachments/${foreignId}`, tokens.manager),
      ];
      const responses = [];
      for (const request of requests) responses.push(await request());
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 404));
      expect(
        (
          await get(
            `${base(other.slug)}/${foreignClaim.id}/attachments/${foreignId}`,
            tokens.otherManager,
          )
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('removing a file', () => {
    const remove = (claimId: string, attachmentId: string, token = tokens.manager) =>
      api.request({
        method: 'DELETE',
        url: `${base()}/${claimId}/attachments/${attachmentId}`,
        headers: { authorization: `Bearer ${token}` },
      });

    it('removes it and its bytes while the claim is a draft (204), with an event saying so', async () => {
      const claim = await draft();
      const created = await upload(claim.id, evidenceForm('wrong.png', samplePng()));
      const { id } = created.json<{ id: string }>();
      const before = await footprint(claim);

      expect((await remove(claim.id, id, tokens.viewer)).statusCode).toBe(403);
      expect((await remove(claim.id, id, tokens.staff)).statusCode).toBe(403);
      const response = await remove(claim.id, id);

      expect(response.statusCode).toBe(204);
      const after = await footprint(claim);
      expect(after).toEqual({
        ...before,
        attachments: (before?.attachments ?? 0) - 1,
        blobs: (before?.blobs ?? 0) - 1,
        events: (before?.events ?? 0) + 1,
      });
      const [event] = (await dataSource.query(
        `SELECT kind, body FROM claim_events WHERE partner_id = $1 AND claim_id = $2 ORDER BY at DESC, id DESC LIMIT 1`,
        [partner.id, claim.id],
      )) as Array<Record<string, string>>;
      expect(event).toEqual({ kind: 'attachment', body: 'Removed wrong.png' });
      expect((await get(`${base()}/${claim.id}/attachments/${id}`)).statusCode).toBe(404);
      expect((await remove(claim.id, id)).statusCode).toBe(404);
    });

    it('refuses once the claim is submitted: 409 evidence_closed, the file stays', async () => {
      const claim = await draft();
      const created = await upload(claim.id, evidenceForm('kept.png', samplePng()));
      const { id } = created.json<{ id: string }>();
      await setClaimStatus(dataSource, partner.id, claim.id, 'submitted');

      const response = await remove(claim.id, id);

      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'evidence_closed' });
      expect((await get(`${base()}/${claim.id}/attachments/${id}`)).statusCode).toBe(200);
    });
  });

  describe('an upload over the limit is refused while it streams', () => {
    let origin: string;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      await api.app.listen(0, '127.0.0.1');
      const server = api.app.getHttpServer() as http.Server;
      server.on('connection', (socket: Socket) => sockets.push(socket));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    /**
     * Sends a 50 MB file in the field `file` (chunked: no length declared up front, or declared),
     * as fast as the server takes it, and stops at the answer. Answers the status, the body, how much
     * the client got to send, how much the server read, and how far the server's memory grew meanwhile.
     */
    async function send50Mb(claimId: string, declareLength: boolean, token = tokens.manager) {
      const total = 50 * MB;
      const boundary = '----portal-stream-test';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\n` +
          `Content-Type: image/png\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 7);
      samplePng().copy(chunk);
      const baseline = process.memoryUsage();
      let peak = 0;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peak = Math.max(
          peak,
          now.heapUsed + now.arrayBuffers - (baseline.heapUsed + baseline.arrayBuffers),
        );
      }, 2);
      const socketsBefore = sockets.length;
      const result = await new Promise<{ status: number; body: string; sent: number }>(
        (resolve, reject) => {
          let sent = 0;
          let answered = false;
          const request = http.request(`${origin}${base()}/${claimId}/attachments`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              ...(declareLength
                ? { 'content-length': String(head.length + total + tail.length) }
                : { 'transfer-encoding': 'chunked' }),
            },
          });
          request.on('response', (response) => {
            answered = true;
            const parts: Buffer[] = [];
            response.on('data', (part: Buffer) => parts.push(part));
            response.on('end', () => {
              request.destroy();
              resolve({
                status: response.statusCode ?? 0,
                body: Buffer.concat(parts).toString(),
                sent,
              });
            });
          });
          // Once the server has answered and closed, the rest of the upload fails to send: expected.
          request.on('error', (error) => {
            if (!answered) reject(error);
          });
          const pump = () => {
            if (sent === 0) request.write(head);
            while (sent < total && !answered && !request.destroyed) {
              sent += chunk.length;
              if (!request.write(chunk)) {
                request.once('drain', pump);
                return;
              }
            }
            if (sent >= total && !answered) request.end(tail);
          };
          pump();
        },
      );
      clearInterval(sampler);
      const serverRead = sockets
        .slice(socketsBefore)
        .reduce((bytes, socket) => bytes + socket.bytesRead, 0);
      return { ...result, serverRead, memoryGrowth: peak };
    }

    it.each([
      ['without a declared length (chunked)', false],
      ['with its length declared', true],
    ])(
      '50 MB %s: 413 before the server has read it, its memory not grown by it',
      async (_, declared) => {
        const claim = await draft();
        const outcome = await send50Mb(claim.id, declared);

        expect(outcome.status).toBe(413);
        expect(JSON.parse(outcome.body)).toMatchObject({ code: 'file_too_large' });
        // The server stopped reading at the limit (declared: before reading the body at all).
        expect(outcome.serverRead).toBeLessThan(
          MAX_ATTACHMENT_BYTES + REFUSED_UPLOAD_DRAIN_BYTES + 1 * MB,
        );
        if (declared) expect(outcome.serverRead).toBeLessThan(REFUSED_UPLOAD_DRAIN_BYTES + 1 * MB);
        expect(outcome.sent).toBeLessThan(50 * MB);
        expect(outcome.memoryGrowth).toBeLessThan(30 * MB);
        expect((await footprint(claim))?.attachments).toBe(0);
        console.warn(
          `50 MB upload, ${declared ? 'declared' : 'chunked'}: server read ${(outcome.serverRead / MB).toFixed(1)} MB, client sent ${(outcome.sent / MB).toFixed(1)} MB, server memory +${(outcome.memoryGrowth / MB).toFixed(1)} MB at most`,
        );
      },
    );

    it('50 MB refused by the route’s guard (a viewer: 403): the body is not read either', async () => {
      const claim = await draft();
      const outcome = await send50Mb(claim.id, false, tokens.viewer);

      expect(outcome.status).toBe(403);
      expect(outcome.serverRead).toBeLessThan(REFUSED_UPLOAD_DRAIN_BYTES + 2 * MB);
      expect(outcome.sent).toBeLessThan(50 * MB);
    });
  });
});

import type { Context, Handler } from 'hono';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { SNAP_CASES, snapResponseCode, type PartnerService, type SnapCase } from '../../contract/partner';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import { inAmbientTransaction } from '../platform/db/ambient-transaction';
import type { Database } from '../platform/db/schema';
import { ServiceError, ValidationError, type FailureKind } from '../platform/errors';
import type { AppEnv } from '../platform/http/session';
import { secretOpener, type SealingKey } from './partner-secrets';
import { claimPartnerRequest, findPartnerByClientKey, findPartnerByCode, findPartnerRequest, recordPartnerAnswer, type PartnerClientRow, type PartnerRequestRow } from './partner-repository';
import { issueAccessToken, readAccessToken, secretGeneration, ACCESS_TOKEN_SECONDS, type TokenKey } from './partner-token';
import { bodyDigest, checkTimestamp, verifyAccessTokenRequest, verifyRequest } from './snap-signature';

/**
 * SNAP's security in front of the partner API (API.md "The channel partner's door"): the B2B
 * access token (asymmetric signature of `clientKey|X-TIMESTAMP`), and for every other call the
 * token, X-TIMESTAMP within 5 minutes, X-PARTNER-ID, CHANNEL-ID and the symmetric signature over
 * the call, checked before anything is read or done; then X-EXTERNAL-ID, the call's idempotency
 * key per partner per Jakarta day, claimed in the call's own transaction: the answer is stored
 * with the change it answers, so a repeat with the same body gets the first answer again (even
 * after a crash between them) and another body under the same id a 409. Answers are SNAP's:
 * `responseCode` (status, service, case) and `responseMessage`, in Indonesian when refused.
 */

export interface PartnerCaller {
  channelCode: string;
  clientKey: string;
}

/** What a call answers: its HTTP status and SNAP case, and the fields beside responseCode. */
export interface PartnerAnswer {
  snapCase: SnapCase;
  message?: string;
  fields?: Record<string, unknown>;
}

type PartnerHandler = (caller: PartnerCaller, body: unknown, c: Context<AppEnv>) => Promise<PartnerAnswer>;

const EXTERNAL_ID = /^[A-Za-z0-9-]{1,36}$/;
const CHANNEL_ID = /^[A-Za-z0-9]{1,10}$/;

/** A refusal before the call is run: its case and Indonesian reason. */
class Refused extends Error {
  constructor(
    readonly snapCase: SnapCase,
    message: string,
  ) {
    super(message);
  }
}

const CASE_OF_FAILURE: Record<FailureKind, SnapCase> = {
  invalid: 'badRequest',
  unauthenticated: 'unauthorized',
  forbidden: 'featureNotAllowed',
  'password-expired': 'unauthorized',
  'not-found': 'notFound',
  conflict: 'conflict',
  'too-large': 'tooLarge',
  'too-many-attempts': 'notPermitted',
};

/** A service's refusal as SNAP answers it. */
function answerOfError(error: ServiceError): PartnerAnswer {
  if (error instanceof ValidationError) return { snapCase: 'badRequest', message: error.messages.join(' ') };
  const duplicate = (error.data as { duplicateReference?: boolean } | undefined)?.duplicateReference === true;
  return { snapCase: duplicate ? 'duplicateReference' : CASE_OF_FAILURE[error.kind], message: error.message };
}

/** An answer as it is sent and kept for X-EXTERNAL-ID: its status and JSON text. */
interface SnapReply {
  status: number;
  text: string;
}

function snapReply(service: PartnerService, answer: PartnerAnswer): SnapReply {
  const [status, , standardMessage] = SNAP_CASES[answer.snapCase];
  return { status, text: JSON.stringify({ responseCode: snapResponseCode(service, answer.snapCase), responseMessage: answer.message ?? standardMessage, ...answer.fields }) };
}

/**
 * The Response of a reply. Made from its text (not Response.json): @hono/node-server writes such
 * a Response straight to the socket, where one made by Response.json is read back as a web stream.
 */
function sent(reply: SnapReply, headers: Record<string, string> = {}): Response {
  return new Response(reply.text, { status: reply.status, headers: { 'content-type': 'application/json', ...headers } });
}

function snapResponse(service: PartnerService, answer: PartnerAnswer): Response {
  return sent(snapReply(service, answer));
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new Refused('badRequest', 'Isi permintaan bukan JSON yang sah.');
  }
}

export function createPartnerGateway(deps: { db: Kysely<Database>; clock: Clock; logger: Logger; sealingKey: SealingKey; tokenKey: TokenKey }) {
  const { db, clock, logger } = deps;

  /** A partner's client secret and its generation, by its sealed text (opened once). */
  const clientSecretOf = secretOpener(deps.sealingKey, (secret, sealed) => ({ secret, generation: secretGeneration(sealed) }));

  function requireTimestamp(c: Context): string {
    const timestamp = c.req.header('x-timestamp');
    if (!timestamp) throw new Refused('invalidMandatoryField', 'Header X-TIMESTAMP wajib diisi.');
    const checked = checkTimestamp(timestamp, clock.now());
    if (checked === 'invalid') throw new Refused('invalidFieldFormat', 'X-TIMESTAMP harus ISO-8601 dengan zona waktu, mis. 2026-03-02T09:15:00+07:00.');
    if (checked === 'stale') throw new Refused('unauthorized', 'X-TIMESTAMP berselisih lebih dari 5 menit dari waktu server.');
    return timestamp;
  }

  /** Who calls, from the token and the signature over the call (`digest`: bodyDigest(body)); nothing is read before this holds. */
  async function authenticate(c: Context, body: string, digest: string): Promise<PartnerCaller> {
    const authorization = c.req.header('authorization') ?? '';
    const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
    if (!token) throw new Refused('invalidToken', 'Header Authorization harus "Bearer <accessToken>".');
    const read = readAccessToken(deps.tokenKey, token, clock.now());
    if (!read.ok) throw new Refused('invalidToken', read.reason === 'expired' ? 'Access token sudah kedaluwarsa; minta yang baru.' : 'Access token tidak dikenal.');
    const partner = await findPartnerByCode(db, read.channelCode);
    const clientSecret = partner ? clientSecretOf(partner.client_secret_sealed) : undefined;
    if (!partner || !clientSecret || clientSecret.generation !== read.generation) throw new Refused('invalidToken', 'Access token tidak berlaku lagi; minta yang baru.');
    const timestamp = requireTimestamp(c);
    if (c.req.header('x-partner-id') !== partner.client_key) throw new Refused('unauthorized', 'X-PARTNER-ID tidak sesuai dengan access token.');
    const signature = c.req.header('x-signature');
    if (!signature) throw new Refused('unauthorized', 'Header X-SIGNATURE wajib diisi.');
    const url = new URL(c.req.url);
    const parts = { method: c.req.method, path: `${url.pathname}${url.search}`, accessToken: token, body, timestamp, digest };
    if (!verifyRequest(clientSecret.secret, parts, signature)) throw new Refused('unauthorized', 'X-SIGNATURE tidak sah.');
    return { channelCode: partner.channel_code, clientKey: partner.client_key };
  }

  /** The stored answer of an earlier call with this X-EXTERNAL-ID. */
  function replay(service: PartnerService, stored: PartnerRequestRow, methodPath: string, digest: string): Response {
    if (stored.method_path !== methodPath || stored.body_digest !== digest) {
      return snapResponse(service, { snapCase: 'conflict', message: 'X-EXTERNAL-ID ini sudah dipakai hari ini untuk permintaan lain.' });
    }
    if (stored.status === null || stored.answer === null) return snapResponse(service, { snapCase: 'conflict', message: 'Permintaan dengan X-EXTERNAL-ID ini masih diproses; coba lagi sebentar lagi.' });
    return sent({ status: stored.status, text: stored.answer }, { 'x-replayed': 'true' });
  }

  return {
    /** POST /v1.0/access-token/b2b */
    accessToken(): Handler<AppEnv> {
      return async (c) => {
        try {
          const timestamp = requireTimestamp(c);
          const clientKey = c.req.header('x-client-key');
          if (!clientKey) throw new Refused('invalidMandatoryField', 'Header X-CLIENT-KEY wajib diisi.');
          const signature = c.req.header('x-signature');
          if (!signature) throw new Refused('invalidMandatoryField', 'Header X-SIGNATURE wajib diisi.');
          const partner: PartnerClientRow | undefined = await findPartnerByClientKey(db, clientKey);
          if (!partner || !verifyAccessTokenRequest(partner.public_key_pem, clientKey, timestamp, signature)) throw new Refused('unauthorized', 'X-CLIENT-KEY atau X-SIGNATURE tidak sah.');
          const body = parseJson(await c.req.text()) as { grantType?: unknown } | undefined;
          if (body?.grantType !== 'client_credentials') throw new Refused('invalidFieldFormat', 'grantType harus client_credentials.');
          const accessToken = issueAccessToken(deps.tokenKey, partner.channel_code, secretGeneration(partner.client_secret_sealed), clock.now());
          return snapResponse('accessToken', { snapCase: 'successful', fields: { accessToken, tokenType: 'Bearer', expiresIn: String(ACCESS_TOKEN_SECONDS) } });
        } catch (error) {
          if (error instanceof Refused) return snapResponse('accessToken', { snapCase: error.snapCase, message: error.message });
          throw error;
        }
      };
    },

    /** A signed call: authenticated, then run once per X-EXTERNAL-ID (calls that change nothing skip it). */
    call(service: PartnerService, handler: PartnerHandler, options: { idempotent: boolean } = { idempotent: true }): Handler<AppEnv> {
      return async (c) => {
        const text = await c.req.text();
        const digest = bodyDigest(text);
        let caller: PartnerCaller;
        let body: unknown;
        let externalId = '';
        try {
          caller = await authenticate(c, text, digest);
          if (!CHANNEL_ID.test(c.req.header('channel-id') ?? '')) throw new Refused('invalidMandatoryField', 'Header CHANNEL-ID wajib diisi (huruf dan angka, paling panjang 10).');
          if (options.idempotent) {
            externalId = c.req.header('x-external-id') ?? '';
            if (!EXTERNAL_ID.test(externalId)) throw new Refused('invalidMandatoryField', 'Header X-EXTERNAL-ID wajib diisi: 1–36 huruf, angka atau tanda hubung, unik per hari.');
          }
          body = parseJson(text);
        } catch (error) {
          if (error instanceof Refused) return snapResponse(service, { snapCase: error.snapCase, message: error.message });
          throw error;
        }

        const run = async (): Promise<PartnerAnswer> => {
          try {
            return await handler(caller, body, c);
          } catch (error) {
            if (error instanceof ServiceError) return answerOfError(error);
            throw error;
          }
        };
        if (!options.idempotent) return snapResponse(service, await run());

        const key = { channelCode: caller.channelCode, externalId, day: jakartaDate(clock.now()) };
        const methodPath = `${c.req.method} ${new URL(c.req.url).pathname}`;
        const claim = (reply?: SnapReply) => ({
          channel_code: key.channelCode, external_id: key.externalId, request_day: key.day, method_path: methodPath, body_digest: digest,
          status: reply?.status ?? null, answer: reply?.text ?? null, created_at: clock.now().toISOString(),
        });
        // The id is claimed first, in the call's transaction: a repeat finds it taken (once the
        // first has committed, on PostgreSQL) and is answered from it; no read before, which
        // nearly every call would make for nothing.
        let reply: SnapReply | undefined;
        let taken: PartnerRequestRow | undefined;
        try {
          await inAmbientTransaction(db, async (trx) => {
            if (!(await claimPartnerRequest(trx, claim()))) {
              taken = await findPartnerRequest(trx, key);
              return;
            }
            reply = snapReply(service, await run());
            if (reply.status >= 300) throw new NotKept();
            await recordPartnerAnswer(trx, key, reply.status, reply.text);
          });
        } catch (error) {
          if (!(error instanceof NotKept)) {
            logger.error({ err: error, partner: caller.channelCode, path: c.req.path }, 'partner call failed');
            return snapResponse(service, { snapCase: 'generalError', message: 'Terjadi kesalahan di server Berjangka; ulangi dengan X-EXTERNAL-ID yang sama.' });
          }
          // A refusal changed nothing: kept on its own, so the same id repeats it.
          await claimPartnerRequest(db, claim(reply));
          return sent(reply!);
        }
        if (taken) return replay(service, taken, methodPath, digest);
        return sent(reply!);
      };
    },
  };
}

/** Thrown inside the call's transaction to roll back a call that was refused. */
class NotKept extends Error {}

export type PartnerGateway = ReturnType<typeof createPartnerGateway>;

// Bookings and payment links in GraphQL, for the application (viewers read; agents and above write).
import { type Context, writerOf } from '../graphql/context.ts';
import { builder } from '../graphql/builder.ts';
import { foldCase, foldedField } from '../lists/case-fold.ts';
import { countOnce, likeLiteral, pageOf } from '../lists/list-query.ts';
import { trimmedString } from '../shared/fields.ts';
import { parseOrThrow, withoutNulls } from '../validation.ts';
import type { Prisma } from '../db/prisma.ts';
import {
  backOfficeInput,
  createBookingInput,
  joinTripInput,
  paymentLinkInput,
  travelerInput,
} from './booking.input.ts';
import {
  activateBooking,
  addNote,
  addTraveler,
  cancelBooking,
  createBooking,
  getBooking,
  joinTrip,
  removeNote,
  removeTraveler,
  setBackOffice,
  updateTraveler,
} from './booking.service.ts';
import {
  createPaymentLink,
  GATEWAY_RESULTS,
  getPaymentLink,
  settlePaymentLink,
} from './payment.service.ts';

const cancelReason = trimmedString().min(1, 'Give a reason.').max(1000);
const noteContent = trimmedString().min(1, 'A note needs content.').max(5000);
/** The booking as the selection asks for it, after a change made through another row. */
const reread = (ctx: Context, booking: { id: number }, query: object) =>
  getBooking(ctx.prisma, ctx.actor!, booking.id, query);

const LifecycleEnum = builder.enumType('BookingLifecycleStatus', {
  values: ['pending', 'active', 'cancelled'] as const,
});
const PaymentStatusEnum = builder.enumType('BookingPaymentStatus', {
  values: [
    'no_payment_required',
    'outstanding',
    'up_to_date',
    'past_due',
    'fully_paid',
    'fully_refunded',
    'cancelled',
  ] as const,
});
const LinkStatusEnum = builder.enumType('PaymentLinkStatus', {
  values: [
    'pending',
    'paid',
    'failed',
    'refunded',
    'scheduled',
    'past_due',
    'expired',
    'cancelled',
  ] as const,
});
const MethodEnum = builder.enumType('PaymentMethod', {
  values: ['card', 'transfer', 'us_bank_account', 'manual'] as const,
});
const GatewayResultEnum = builder.enumType('PaymentGatewayResult', { values: GATEWAY_RESULTS });

const _TravelerType = builder.prismaObject('BookingTraveler', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    surname: t.exposeString('surname', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    phoneNumber: t.exposeString('phoneNumber', { nullable: true }),
    birthDate: t.string({
      nullable: true,
      resolve: (r) => r.birthDate?.toISOString().slice(0, 10) ?? null,
    }),
    documentNumber: t.exposeString('documentNumber', { nullable: true }),
  }),
});

const _NoteType = builder.prismaObject('BookingNote', {
  fields: (t) => ({
    id: t.exposeString('id'),
    content: t.exposeString('content'),
    agentId: t.exposeInt('agentId'),
    private: t.exposeBoolean('private'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const PaymentLinkType = builder.prismaObject('PaymentLink', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    code: t.exposeString('code'),
    bookingId: t.exposeInt('bookingId', { nullable: true }),
    concept: t.exposeString('concept'),
    amount: t.exposeInt('amount', { description: 'Cents.' }),
    currency: t.exposeString('currency'),
    status: t.expose('status', { type: LinkStatusEnum }),
    paymentMethod: t.expose('paymentMethod', { type: MethodEnum, nullable: true }),
    receiptUrl: t.exposeString('receiptUrl', { nullable: true }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true }),
    refundedAt: t.expose('refundedAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    scheduledAt: t.expose('scheduledAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const BookingType = builder.prismaObject('Booking', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    code: t.exposeString('code'),
    tripId: t.exposeInt('tripId'),
    seats: t.exposeInt('seats'),
    lifecycleStatus: t.expose('lifecycleStatus', { type: LifecycleEnum }),
    paymentStatus: t.expose('paymentStatus', { type: PaymentStatusEnum }),
    buyerName: t.exposeString('buyerName'),
    buyerSurname: t.exposeString('buyerSurname'),
    buyerEmail: t.exposeString('buyerEmail'),
    buyerPhoneNumber: t.exposeString('buyerPhoneNumber', { nullable: true }),
    buyerPostalCode: t.exposeString('buyerPostalCode', { nullable: true }),
    buyerTaxid: t.exposeString('buyerTaxid', { nullable: true }),
    buyerCompanyName: t.exposeString('buyerCompanyName', { nullable: true }),
    buyerLegalAddress: t.exposeString('buyerLegalAddress', { nullable: true }),
    buyerCountry: t.exposeString('buyerCountry', { nullable: true }),
    checkout: t.field({
      type: 'JSONObject',
      nullable: true,
      resolve: (b) => (b.checkout as Record<string, unknown> | null) ?? null,
    }),
    extRecordId: t.exposeInt('extRecordId', { nullable: true }),
    extRecordCode: t.exposeString('extRecordCode', { nullable: true }),
    extCustomerId: t.exposeInt('extCustomerId', { nullable: true }),
    extOfficeCode: t.exposeString('extOfficeCode', { nullable: true }),
    extSalesBookingId: t.exposeInt('extSalesBookingId', { nullable: true }),
    extCostBookingId: t.exposeInt('extCostBookingId', { nullable: true }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
    cancellationReason: t.exposeString('cancellationReason', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    travelers: t.relation('travelers', { query: { orderBy: { id: 'asc' } } }),
    notes: t.relation('notes', { query: { orderBy: { createdAt: 'asc' } } }),
    paymentLinks: t.relation('paymentLinks', { query: { orderBy: { id: 'asc' } } }),
  }),
});

interface BookingPageShape {
  page: number;
  pageSize: number;
  where: Prisma.BookingWhereInput;
  count(): Promise<number>;
}
const BookingPageType = builder.objectRef<BookingPageShape>('BookingPage').implement({
  fields: (t) => ({
    data: t.prismaField({
      type: [BookingType],
      resolve: (query, p, _a, ctx) =>
        ctx.prisma.booking.findMany({
          ...query,
          where: p.where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (p.page - 1) * p.pageSize,
          take: p.pageSize,
        }),
    }),
    page: t.exposeInt('page'),
    pageSize: t.exposeInt('pageSize'),
    totalCount: t.int({ resolve: (p) => p.count() }),
    totalPages: t.int({ resolve: async (p) => Math.ceil((await p.count()) / p.pageSize) }),
  }),
});

const BuyerFields = (
  // biome-ignore lint/complexity/noBannedTypes: Pothos's default-types helper takes `{}` for no extra types
  t: PothosSchemaTypes.InputFieldBuilder<PothosSchemaTypes.ExtendDefaultTypes<{}>, 'InputObject'>,
) => ({
  buyerName: t.string({ required: true }),
  buyerSurname: t.string({ required: true }),
  buyerEmail: t.string({ required: true }),
  buyerPhoneNumber: t.string(),
  buyerPostalCode: t.string(),
  buyerTaxid: t.string(),
  buyerCompanyName: t.string(),
  buyerLegalAddress: t.string(),
  buyerCountry: t.string({ description: 'ISO 3166-1 alpha-2.' }),
  seats: t.int(),
});
const TravelerInput = builder.inputType('TravelerInput', {
  fields: (t) => ({
    name: t.string(),
    surname: t.string(),
    email: t.string(),
    phoneNumber: t.string(),
    birthDate: t.string({ description: 'YYYY-MM-DD' }),
    documentNumber: t.string(),
  }),
});
const CreateBookingInput = builder.inputType('CreateBookingInput', {
  fields: (t) => ({
    tripId: t.int({ required: true }),
    ...BuyerFields(t as never),
    checkout: t.field({
      type: 'JSONObject',
      description:
        'The completed checkout: {seats, pricingMode, products, paymentMethod, paymentType, total, currency}.',
    }),
    travelers: t.field({ type: [TravelerInput] }),
  }),
});
const JoinAnswerInput = builder.inputType('JoinAnswerInput', {
  description: "A moreInfo field of the trip's join form, as the traveller filled it in.",
  fields: (t) => ({
    label: t.string({ required: true }),
    value: t.string({ required: true }),
  }),
});
const JoinTripInput = builder.inputType('JoinTripInput', {
  fields: (t) => ({
    joinCode: t.string({ required: true }),
    tripSlug: t.string({
      description: "The trip whose page the traveller joins from: the code must be this trip's.",
    }),
    ...BuyerFields(t as never),
    answers: t.field({
      type: [JoinAnswerInput],
      description:
        "The trip's moreInfo fields as filled in: kept as a note of the booking (its author is the trip's agent).",
    }),
  }),
});
const BackOfficeInput = builder.inputType('BookingBackOfficeInput', {
  fields: (t) => ({
    extRecordId: t.int(),
    extRecordCode: t.string(),
    extCustomerId: t.int(),
    extOfficeCode: t.string(),
    extSalesBookingId: t.int(),
    extCostBookingId: t.int(),
  }),
});
const PaymentLinkInput = builder.inputType('PaymentLinkInput', {
  fields: (t) => ({
    bookingId: t.int(),
    concept: t.string({ required: true }),
    amount: t.int({ required: true, description: 'Cents.' }),
    currency: t.string({ required: true }),
    paymentMethod: t.field({ type: MethodEnum }),
    scheduledAt: t.string({
      description: 'ISO 8601; a later date makes it a scheduled installment.',
    }),
    expiresAt: t.string(),
  }),
});

const read = { permission: 'read:bookings' } as const;
const write = { permission: 'write:bookings' } as const;

builder.queryFields((t) => ({
  booking: t.prismaField({
    type: BookingType,
    authScopes: read,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _r, args, ctx) => getBooking(ctx.prisma, ctx.actor!, args.id, query),
  }),
  bookings: t.field({
    type: BookingPageType,
    authScopes: read,
    description:
      'Bookings of the account, newest first; optionally of one trip, in a state, or matching a buyer.',
    args: {
      tripId: t.arg.int(),
      lifecycleStatus: t.arg({ type: LifecycleEnum }),
      paymentStatus: t.arg({ type: PaymentStatusEnum }),
      search: t.arg.string({ description: 'Matches the code, buyer name, surname or email.' }),
      page: t.arg.int(),
      pageSize: t.arg.int(),
    },
    resolve: (_r, args, ctx) => {
      const { page, pageSize } = pageOf(args);
      const term = args.search?.trim();
      const where: Prisma.BookingWhereInput = {
        accountId: ctx.actor!.accountId,
        ...(args.tripId != null && { tripId: args.tripId }),
        ...(args.lifecycleStatus && { lifecycleStatus: args.lifecycleStatus }),
        ...(args.paymentStatus && { paymentStatus: args.paymentStatus }),
        // Case folds for every letter by the buyer's folded twins (lists/case-fold.ts); the
        // code is ASCII. The term matches only itself (`%` and `_` are no wildcards).
        ...(term && {
          OR: [
            { code: { contains: likeLiteral(term), mode: 'insensitive' } },
            ...['buyerName', 'buyerSurname', 'buyerEmail'].map((f) => ({
              [foldedField(f)]: { contains: likeLiteral(foldCase(term)) },
            })),
          ],
        }),
      };
      return { page, pageSize, where, count: countOnce(() => ctx.prisma.booking.count({ where })) };
    },
  }),
  paymentLink: t.prismaField({
    type: PaymentLinkType,
    authScopes: read,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_query, _r, args, ctx) => getPaymentLink(ctx.prisma, ctx.actor!, args.id),
  }),
}));

const bookingMutation = (
  t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0],
  description: string,
  args: Record<string, unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: each caller's args are typed by its own field's args
  run: (ctx: Context, args: any, query: object) => Promise<unknown>,
) =>
  t.prismaField({
    type: BookingType,
    authScopes: write,
    description,
    args: args as never,
    resolve: (query, _r, a, ctx) => run(ctx, a, query) as never,
  });

builder.mutationFields((t) => ({
  joinTrip: t.prismaField({
    type: BookingType,
    description:
      'Public (no key): a traveler joins a trip by its join code, which creates a booking.',
    args: { input: t.arg({ type: JoinTripInput, required: true }) },
    resolve: (query, _r, args, ctx) =>
      joinTrip(
        { prisma: ctx.prisma, events: ctx.services.events },
        parseOrThrow(joinTripInput, withoutNulls(args.input, [])),
        query,
      ),
  }),
  createBooking: bookingMutation(
    t,
    'A booking by an agent: by hand, or from a completed checkout.',
    { input: t.arg({ type: CreateBookingInput, required: true }) },
    (ctx, args, query) =>
      createBooking(
        writerOf(ctx),
        parseOrThrow(createBookingInput, withoutNulls(args.input, [])),
        query,
      ),
  ),
  activateBooking: bookingMutation(
    t,
    'pending → active, once paid.',
    { id: t.arg.int({ required: true }) },
    (ctx, args, query) => activateBooking(writerOf(ctx), args.id, query),
  ),
  cancelBooking: bookingMutation(
    t,
    'Cancels the booking and its unpaid payment links.',
    { id: t.arg.int({ required: true }), reason: t.arg.string({ required: true }) },
    (ctx, args, query) =>
      cancelBooking(writerOf(ctx), args.id, parseOrThrow(cancelReason, args.reason), query),
  ),
  addTraveler: bookingMutation(
    t,
    'Adds a traveler to the booking.',
    {
      bookingId: t.arg.int({ required: true }),
      input: t.arg({ type: TravelerInput, required: true }),
    },
    async (ctx, args, query) =>
      reread(
        ctx,
        await addTraveler(
          writerOf(ctx),
          args.bookingId,
          parseOrThrow(travelerInput, withoutNulls(args.input, [])),
        ),
        query,
      ),
  ),
  updateTraveler: bookingMutation(
    t,
    'Changes a traveler of a booking.',
    { id: t.arg.int({ required: true }), input: t.arg({ type: TravelerInput, required: true }) },
    async (ctx, args, query) =>
      reread(
        ctx,
        await updateTraveler(
          writerOf(ctx),
          args.id,
          parseOrThrow(travelerInput.partial(), withoutNulls(args.input, [])),
        ),
        query,
      ),
  ),
  removeTraveler: bookingMutation(
    t,
    'Removes a traveler from a booking.',
    { id: t.arg.int({ required: true }) },
    async (ctx, args, query) => reread(ctx, await removeTraveler(writerOf(ctx), args.id), query),
  ),
  addBookingNote: bookingMutation(
    t,
    'A note on the booking; private notes are for the agency only.',
    {
      bookingId: t.arg.int({ required: true }),
      content: t.arg.string({ required: true }),
      private: t.arg.boolean(),
    },
    async (ctx, args, query) => {
      await addNote(
        writerOf(ctx),
        args.bookingId,
        parseOrThrow(noteContent, args.content),
        args.private ?? false,
      );
      return getBooking(ctx.prisma, ctx.actor!, args.bookingId, query);
    },
  ),
  removeBookingNote: t.boolean({
    authScopes: write,
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await removeNote(writerOf(ctx), args.id);
      return true;
    },
  }),
  setBookingBackOffice: bookingMutation(
    t,
    'The external back-office fields (ext*).',
    { id: t.arg.int({ required: true }), input: t.arg({ type: BackOfficeInput, required: true }) },
    (ctx, args, query) =>
      setBackOffice(writerOf(ctx), args.id, parseOrThrow(backOfficeInput, args.input), query),
  ),
  createPaymentLink: t.prismaField({
    type: PaymentLinkType,
    authScopes: write,
    args: { input: t.arg({ type: PaymentLinkInput, required: true }) },
    resolve: (_q, _r, args, ctx) =>
      createPaymentLink(
        writerOf(ctx),
        parseOrThrow(paymentLinkInput, withoutNulls(args.input, [])),
      ),
  }),
  recordPaymentGatewayResult: t.prismaField({
    type: PaymentLinkType,
    authScopes: write,
    description:
      "Stands for the payment gateway's callback: a charge or scheduled installment succeeded or failed, or a refund completed.",
    args: {
      id: t.arg.int({ required: true }),
      result: t.arg({ type: GatewayResultEnum, required: true }),
      receiptUrl: t.arg.string(),
    },
    resolve: (_q, _r, args, ctx) =>
      settlePaymentLink(writerOf(ctx), args.id, args.result, args.receiptUrl),
  }),
  markPaymentLinkPaid: t.prismaField({
    type: PaymentLinkType,
    authScopes: write,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_q, _r, args, ctx) => settlePaymentLink(writerOf(ctx), args.id, 'mark_paid'),
  }),
  markPaymentLinkRefunded: t.prismaField({
    type: PaymentLinkType,
    authScopes: write,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_q, _r, args, ctx) => settlePaymentLink(writerOf(ctx), args.id, 'mark_refunded'),
  }),
}));

import { Type, type TIntersect, type TObject, type TSchema } from 'typebox';

export const OffsetQuery = Type.Object({
  page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Zero-based page number' }),
  size: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Items per page' }),
});

export interface OffsetRequest {
  page: number;
  size: number;
}

export const OffsetPage = <T extends TSchema>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    page: Type.Object({
      number: Type.Integer(),
      size: Type.Integer(),
      totalElements: Type.Integer(),
      totalPages: Type.Integer(),
    }),
  });

/**
 * A route's querystring and answer for a page of `item`s by offset, with the route's own `filters`
 * beside `page` and `size` when it has any.
 */
export function offsetPaged<Item extends TSchema>(item: Item): { querystring: typeof OffsetQuery; data: ReturnType<typeof OffsetPage<Item>> };
export function offsetPaged<Item extends TSchema, Filters extends TObject>(
  item: Item,
  filters: Filters,
): { querystring: TIntersect<[typeof OffsetQuery, Filters]>; data: ReturnType<typeof OffsetPage<Item>> };
export function offsetPaged(item: TSchema, filters?: TObject) {
  return { querystring: filters ? Type.Intersect([OffsetQuery, filters]) : OffsetQuery, data: OffsetPage(item) };
}

export function offsetPage<T>(content: T[], totalElements: number, request: OffsetRequest) {
  return {
    content,
    page: {
      number: request.page,
      size: request.size,
      totalElements,
      totalPages: Math.ceil(totalElements / request.size),
    },
  };
}

/** The offset page of a counted read (a page of rows and how many there are in all), each row presented. */
export function presentPage<Row, Item>({ rows, total }: { rows: Row[]; total: number }, present: (row: Row) => Item, request: OffsetRequest) {
  return offsetPage(rows.map(present), total, request);
}

export const CursorQuery = Type.Object({
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: "Opaque; the previous page's nextCursor" })),
  size: Type.Integer({ minimum: 1, maximum: 1000, default: 20, description: 'Items per page' }),
});

export const CursorPage = <T extends TSchema>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  });

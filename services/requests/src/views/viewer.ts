/** Who reads: decides which bids and which customer fields a view shows. */
export type Viewer =
  | { kind: 'customer'; userId: string; customerId: string }
  | { kind: 'provider'; userId: string; providerId: string }
  | { kind: 'admin'; userId: string };

-- Physical goods are shipped (docs/decisions.md, "Points mall: why Redeem is off, and where a
-- parcel goes"). A good is virtual (a voucher, a code) or physical; existing goods stay virtual
-- until the operator says otherwise in the goods editor.
alter table point_goods
  add column kind text not null default 'virtual' check (kind in ('virtual', 'physical'));

-- The delivery address a physical good's redemption was made with, as checked and normalised by
-- src/shared/deliveryAddress.ts (one object of short text parts); null for a virtual good. The
-- bound is a second fence behind those checks, above the most they let through (356 characters
-- of up to ten code points of four bytes): no redemption row can carry a large document.
alter table point_redemptions
  add column delivery jsonb
    check (delivery is null or (jsonb_typeof(delivery) = 'object' and octet_length(delivery::text) <= 16384));

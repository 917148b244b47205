-- The bookings' search (buyer name, surname, email) folds case for every letter as the lists do
-- (fold_case, migration 20261125040000_unicode_case_fold): "GARCÍA" did not find "García" on a
-- C-locale server. Adding the columns rewrites the bookings table once; the search reads an
-- account's bookings by its index as before.
ALTER TABLE "bookings"
  ADD COLUMN "buyer_name_folded" TEXT GENERATED ALWAYS AS ("public"."fold_case"("buyer_name")) STORED,
  ADD COLUMN "buyer_surname_folded" TEXT GENERATED ALWAYS AS ("public"."fold_case"("buyer_surname")) STORED,
  ADD COLUMN "buyer_email_folded" TEXT GENERATED ALWAYS AS ("public"."fold_case"("buyer_email")) STORED;

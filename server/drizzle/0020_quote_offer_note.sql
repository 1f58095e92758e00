-- An offer's note (issue 42): what the admin says with the price (lead time, terms), which the
-- customer reads in My Quotes and the offer e-mail; replaced with the offer.
ALTER TABLE "quotes" ADD COLUMN "offer_note" text DEFAULT '' NOT NULL;
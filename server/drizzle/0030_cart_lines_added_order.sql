-- The order a cart's lines were added in, where added_at ties (issue 43's CI): lines added by
-- one statement (quick order, Order again) share their time, and PGlite's clock keeps
-- milliseconds, so two lines added in one millisecond fell back to tool id order and a
-- checkout numbered them so. Existing lines are numbered as they are stored; their times still
-- come first.
ALTER TABLE "cart_lines" ADD COLUMN "added_order" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "cart_lines_added_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);
-- The structured items the extractingText stage read (schema.org markup, calendar events,
-- boarding-pass barcodes, a JSON export), handed to the generatingBlocks stage beside the text.
ALTER TABLE "import_jobs" ADD COLUMN "structured" JSONB;

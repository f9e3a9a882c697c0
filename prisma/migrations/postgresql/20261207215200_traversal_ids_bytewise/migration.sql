-- Traversal ids ("1/5/9/") compare bytewise whatever the server's locale, as SQLite's BINARY columns
-- do, so "everything in this tree" is one range on the traversal-id index (prefixRange in lib/db).
-- Under a locale collation a range would skip rows (en_US ignores "/" at first), and a prefix LIKE
-- cannot use the index at all: every tree query read the whole table. Prisma's schema has no
-- collation attribute; its diffs compare schema to schema, so this stays.
ALTER TABLE "Namespace" ALTER COLUMN "traversalIds" SET DATA TYPE TEXT COLLATE "C";
ALTER TABLE "Project" ALTER COLUMN "traversalIds" SET DATA TYPE TEXT COLLATE "C";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SnippetBlob" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "snippetId" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    CONSTRAINT "SnippetBlob_snippetId_fkey" FOREIGN KEY ("snippetId") REFERENCES "Snippet" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_SnippetBlob" ("content", "id", "sha", "size", "snippetId") SELECT "content", "id", "sha", "size", "snippetId" FROM "SnippetBlob";
DROP TABLE "SnippetBlob";
ALTER TABLE "new_SnippetBlob" RENAME TO "SnippetBlob";
CREATE UNIQUE INDEX "SnippetBlob_snippetId_sha_key" ON "SnippetBlob"("snippetId", "sha");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

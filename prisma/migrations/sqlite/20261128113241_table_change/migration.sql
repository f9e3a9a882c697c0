-- CreateTable
CREATE TABLE "TableChange" (
    "table" TEXT NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL DEFAULT 0
);

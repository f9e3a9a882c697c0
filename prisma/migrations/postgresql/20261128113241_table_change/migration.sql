-- CreateTable
CREATE TABLE "TableChange" (
    "table" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "TableChange_pkey" PRIMARY KEY ("table")
);

-- CreateTable
CREATE TABLE "ChangeStamp" (
    "id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ChangeStamp_pkey" PRIMARY KEY ("id")
);

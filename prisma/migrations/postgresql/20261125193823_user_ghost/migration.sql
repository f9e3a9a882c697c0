-- AlterTable
ALTER TABLE "User" ADD COLUMN     "ghost" BOOLEAN NOT NULL DEFAULT false;

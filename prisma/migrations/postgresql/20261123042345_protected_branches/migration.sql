-- CreateTable
CREATE TABLE "ProtectedBranch" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "allowForcePush" BOOLEAN NOT NULL DEFAULT false,
    "codeOwnerApprovalRequired" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProtectedBranch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProtectedBranchAccess" (
    "id" SERIAL NOT NULL,
    "protectedBranchId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "accessLevel" INTEGER,
    "userId" INTEGER,
    "groupId" INTEGER,
    "deployKeyId" INTEGER,

    CONSTRAINT "ProtectedBranchAccess_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ProtectedBranch_projectId_name_key" ON "ProtectedBranch"("projectId", "name");

-- CreateIndex
CREATE INDEX "ProtectedBranchAccess_protectedBranchId_kind_idx" ON "ProtectedBranchAccess"("protectedBranchId", "kind");

-- AddForeignKey
ALTER TABLE "ProtectedBranch" ADD CONSTRAINT "ProtectedBranch_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProtectedBranchAccess" ADD CONSTRAINT "ProtectedBranchAccess_protectedBranchId_fkey" FOREIGN KEY ("protectedBranchId") REFERENCES "ProtectedBranch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

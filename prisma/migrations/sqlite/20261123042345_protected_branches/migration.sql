-- CreateTable
CREATE TABLE "ProtectedBranch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "projectId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "allowForcePush" BOOLEAN NOT NULL DEFAULT false,
    "codeOwnerApprovalRequired" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ProtectedBranch_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProtectedBranchAccess" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "protectedBranchId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "accessLevel" INTEGER,
    "userId" INTEGER,
    "groupId" INTEGER,
    "deployKeyId" INTEGER,
    CONSTRAINT "ProtectedBranchAccess_protectedBranchId_fkey" FOREIGN KEY ("protectedBranchId") REFERENCES "ProtectedBranch" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ProtectedBranch_projectId_name_key" ON "ProtectedBranch"("projectId", "name");

-- CreateIndex
CREATE INDEX "ProtectedBranchAccess_protectedBranchId_kind_idx" ON "ProtectedBranchAccess"("protectedBranchId", "kind");

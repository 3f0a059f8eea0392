package com.scwang.smart.refresh.classics;

    protected int mFinishDuration = 500;

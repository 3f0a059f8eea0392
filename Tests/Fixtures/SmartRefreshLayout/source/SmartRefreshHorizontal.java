package com.scwang.refresh.layout.widget;

public class SmartRefreshHorizontal extends SmartRefreshLayout {

    protected boolean isInLayout = false;

    public SmartRefreshHorizontal(Context context) {
        this(context, null);
    }

    public SmartRefreshHorizontal(Context context, AttributeSet attrs) {
        super(context, attrs);
        setEnableAutoLoadMore(false);
